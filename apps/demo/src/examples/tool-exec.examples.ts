// The code examples of packages/tool-exec/README.md, section by section, compiled by the demo's
// `typecheck` so a README example that stops compiling fails CI. Each section is wrapped in a
// function (several reuse the same names); the README's free variables are declared below with
// the types the README implies.

import { readFile, writeFile } from "node:fs/promises";
import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ConsoleSpanExporter,
} from "@opentelemetry/sdk-trace-base";
import { Type } from "@sinclair/typebox";
import type { AssistantMessage, Message, ToolUpdate } from "@toolwright/tool-core";
import {
  defineSeam,
  defineTool,
  provideSeam,
  type ToolCall,
  ToolRegistry,
} from "@toolwright/tool-core";
import type {
  SuspendedBatch,
  ToolApprovalRequest,
  ToolExecutionEvent,
} from "@toolwright/tool-exec";
import {
  executeAssistantMessage,
  executeToolBatch,
  resumeToolBatch,
  ToolRunnerSeam,
} from "@toolwright/tool-exec";
import { withFileMutationQueue } from "@toolwright/tool-exec/node";

declare const abortController: AbortController;
declare const ui: { show(event: ToolExecutionEvent): void };
declare const transcript: Message[];
declare const model: {
  complete(messages: readonly Message[]): Promise<AssistantMessage>;
};
declare const signal: AbortSignal;
declare function stopAgent(): void;
declare function saveForReview(state: SuspendedBatch): void;
declare const user: { canWrite: boolean };
declare const mailer: {
  send(message: { to: string; body: string; idempotencyKey: string }): Promise<void>;
};
declare const stateSecret: string;
declare const store: {
  put(batchId: string, state: SuspendedBatch): Promise<void>;
  get(batchId: string): Promise<SuspendedBatch>;
};
declare function showReviewers(pending: readonly ToolApprovalRequest[]): void;
declare const batchId: string;
declare const approvalId: string;
declare function runStep(step: string, signal: AbortSignal): Promise<void>;
declare const progressLine: { update(partial: ToolUpdate): void; done(isError: boolean): void };
declare const path: string;
declare const oldText: string;
declare const newText: string;

// ## Run a batch
const tools = new ToolRegistry([
  defineTool({
    name: "read_file",
    description: "Read a text file",
    parameters: Type.Object({ path: Type.String() }),
    lockKeys: ({ path }) => [path],
    async execute({ path }, { signal }) {
      signal.throwIfAborted();
      return { content: [{ type: "text", text: `contents of ${path}` }], details: { path } };
    },
  }),
]);

const toolCalls: ToolCall[] = [
  { type: "toolCall", id: "call-1", name: "read_file", arguments: { path: "a.txt" } },
  { type: "toolCall", id: "call-2", name: "read_file", arguments: { path: "b.txt" } },
];

export async function runABatch(): Promise<void> {
  const batch = await executeToolBatch(toolCalls, {
    tools,
    signal: abortController.signal,
    maxConcurrency: 4,
    timeoutMs: 30_000,
    onEvent: (event) => ui.show(event),
  });
  if (batch.status === "suspended") return saveForReview(batch.state); // see Approval below
  transcript.push(...batch.messages); // one toolResult per call, in the calls' order
  if (batch.terminate) stopAgent();
  console.log(batch.outcomes.length);
}

// ## Run an assistant message
export async function runAnAssistantMessage(): Promise<void> {
  const assistant = await model.complete(transcript); // an AssistantMessage from @toolwright/tool-core
  transcript.push(assistant);
  const batch = await executeAssistantMessage(assistant, { tools, signal });
  if (batch.status === "complete") transcript.push(...batch.messages);
}

// ## A policy hook
export async function aPolicyHook(): Promise<void> {
  const batch = await executeToolBatch(toolCalls, {
    tools,
    context: { user }, // passed to both hooks untouched
    beforeToolCall: async ({ toolCall, args, context }) => {
      if (toolCall.name === "bash" && String(args.command).includes("rm -rf")) {
        return { block: true, reason: "Blocked by policy: destructive command" };
      }
      if (!context?.user.canWrite && toolCall.name === "write_file") {
        return { block: true, reason: "This user may not write files", terminate: true };
      }
      return undefined; // let it run
    },
  });
  console.log(batch.status);
}

// ## A redacting after-hook
export async function aRedactingAfterHook(): Promise<void> {
  const SECRET = /(api[_-]?key|token)=\S+/gi;

  const batch = await executeToolBatch(toolCalls, {
    tools,
    afterToolCall: ({ result }) => {
      const content = result.content.map((part) =>
        part.type === "text" ? { ...part, text: part.text.replace(SECRET, "$1=[redacted]") } : part,
      );
      // Returning content alone drops structuredContent: it may no longer match the text.
      return { content, structuredContent: result.structuredContent };
    },
  });
  console.log(batch.status);
}

// ## Progress with `onUpdate`
export async function progressWithOnUpdate(): Promise<void> {
  const build = defineTool({
    name: "build",
    description: "Run the build",
    async execute(_params, { onUpdate, signal }) {
      for (const step of ["compile", "bundle", "minify"]) {
        signal.throwIfAborted();
        onUpdate({ content: [{ type: "text", text: `${step}…` }], details: { step } });
        await runStep(step, signal);
      }
      return { content: [{ type: "text", text: "built" }] };
    },
  });

  await executeToolBatch(toolCalls, {
    tools: [build],
    onEvent: async (event) => {
      if (event.type === "tool_execution_update") progressLine.update(event.partialResult);
      if (event.type === "tool_execution_end") progressLine.done(event.isError);
    },
  });
}

// ## A timeout
export async function aTimeout(): Promise<void> {
  const search = defineTool({
    name: "search",
    description: "Search the web",
    parameters: Type.Object({ query: Type.String() }),
    timeoutMs: 10_000, // wins over the batch's timeoutMs
    async execute({ query }, { signal }) {
      const response = await fetch(`https://search.example/?q=${encodeURIComponent(query)}`, {
        signal,
      });
      return { content: [{ type: "text", text: await response.text() }] };
    },
  });

  await executeToolBatch(toolCalls, { tools: [search], timeoutMs: 60_000, timeoutGraceMs: 100 });
}

// ## Seams
export async function seams(): Promise<void> {
  const ClockSeam = defineSeam<{ now(): number }>("clock");
  const stamp = defineTool({
    name: "stamp",
    description: "The current time",
    seams: [ClockSeam],
    execute: (_params, context) => ({
      content: [{ type: "text", text: new Date(context.use(ClockSeam).now()).toISOString() }],
    }),
  });

  await executeToolBatch(toolCalls, { tools: [stamp], seams: [provideSeam(ClockSeam, Date)] });
  // In tests: seams: [provideSeam(ClockSeam, { now: () => 0 })]
}

// ## Tools that call tools
export const readMany = defineTool({
  name: "read_many",
  description: "Read several files",
  parameters: Type.Object({ paths: Type.Array(Type.String()) }),
  async execute({ paths }, context) {
    const runner = context.use(ToolRunnerSeam);
    const outcomes = await Promise.all(
      paths.map((path, index) =>
        runner.runToolCall({
          type: "toolCall",
          id: `${context.toolCallId}/${index}`,
          name: "read_file",
          arguments: { path },
        }),
      ),
    );
    return { content: outcomes.flatMap((outcome) => outcome.result.content) };
  },
});

// ## Tracing
export async function tracing(): Promise<void> {
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new ConsoleSpanExporter())],
  });
  trace.setGlobalTracerProvider(provider);

  await executeToolBatch(toolCalls, { tools }); // one span per call

  // A batch processor exports every few seconds; flush it before the process ends, or the last
  // spans are never printed.
  await provider.shutdown();
}

// ## `withFileMutationQueue` (Node)
export async function fileMutationQueue(): Promise<void> {
  await withFileMutationQueue(path, async () => {
    const text = await readFile(path, "utf8");
    await writeFile(path, text.replace(oldText, newText));
  });
}

// ## Approval: suspend and resume
export async function approvalSuspendAndResume(): Promise<void> {
  const sendEmail = defineTool({
    name: "send_email",
    description: "Send an email",
    parameters: Type.Object({ to: Type.String(), body: Type.String() }),
    // Receives the validated params; falsy: no approval; true or { reason, details, ttlMs }: ask.
    needsApproval: ({ to }) =>
      to.endsWith("@example.com") ? false : { reason: "external recipient" },
    async execute({ to, body }, { idempotencyKey }) {
      await mailer.send({ to, body, idempotencyKey }); // `${batchId}:${toolCallId}`
      return { content: [{ type: "text", text: `sent to ${to}` }] };
    },
  });

  const batch = await executeToolBatch(toolCalls, {
    tools: [sendEmail],
    approval: { ttlMs: 3_600_000, stateSecret },
  });
  if (batch.status === "suspended") {
    await store.put(batch.batchId, batch.state); // JSON; store with compare-and-set on revision
    showReviewers(batch.pending); // approvalId, toolCall, validated args, reason, expiresAt
  } else {
    transcript.push(...batch.messages);
  }

  // Later, anywhere — any subset of the pending approvals, in any order:
  const resumed = await resumeToolBatch(
    await store.get(batchId),
    [{ approvalId, decision: "deny", message: "not to customers", by: "ann" }],
    { tools: [sendEmail], approval: { stateSecret } },
  );
  console.log(resumed.status);
}
