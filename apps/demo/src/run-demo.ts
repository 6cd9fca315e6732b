import { readFile, writeFile } from "node:fs/promises";
import type { Message } from "@toolwright/tool-core";
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import type { ToolCallJournal } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";
import {
  declarationsEqual,
  getCurrentTools,
  parseTranscript,
  serializeTranscript,
} from "@toolwright/transcript";
import type { AgentEvent, LoopEndReason } from "./agent-event";
import { runAgentLoop } from "./agent-loop";
import type { ApprovalDecider } from "./approval";
import { createFixedDecider, createSuspensionHandler } from "./approval";
import type { ChatModel } from "./chat-model";
import type { DemoEvent } from "./demo-event";
import { demoSession } from "./demo-session";
import { describeProviderModes } from "./describe-provider-modes";
import { createSandboxPolicy, createSecretRedactor } from "./hooks";
import { summarizeJournal } from "./journal/summarize-journal";
import { openDemoRun } from "./open-demo-run";
import type { DemoOutput } from "./render";
import { createScriptedModel } from "./scripted-model";
import type { Sleep } from "./tools";
import {
  calculatorTool,
  convertUnitsTool,
  createWorkspace,
  deleteFileTool,
  echoTool,
  finishTool,
  listDirTool,
  readFileTool,
  SleepSeam,
  sleepWithTimer,
  slowTaskTool,
  WorkspaceSeam,
  wordCountTool,
  writeFileTool,
} from "./tools";

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** One JSON event per line instead of the readable output. */
  readonly json?: boolean;
  /** Write the transcript as JSONL to this file. */
  readonly out?: string;
  /** Work in this folder (kept afterwards) instead of a fresh temp folder (removed). */
  readonly sandbox?: string;
  /** Keep the fresh temp folder as well. */
  readonly keep?: boolean;
  /** The model; default: the embedded scripted one. */
  readonly model?: ChatModel;
  readonly maxTurns?: number;
  /** Aborts the run: calls not yet running end as `Operation aborted`, and the loop stops. */
  readonly signal?: AbortSignal;
  /**
   * Decides the approvals of a suspended batch (`delete_file`). Default: deny every one, with
   * `by: "default"` — nothing destructive happens unless someone said yes.
   */
  readonly approve?: ApprovalDecider;
  /**
   * `--journal DIR`: every batch runs with the file journal in this folder (SPEC §11), which keeps
   * completed batches' files so they can be read afterwards.
   */
  readonly journal?: string;
  /** How `slow_task` waits; default real timers. Tests pass a gate. */
  readonly sleep?: Sleep;
  /**
   * Sees every event after it was rendered.
   *
   * **Contract:** may be async (the run waits); must not mutate the event; a throw inside a batch
   * turns the current call into an error result, elsewhere it rejects `runDemo`.
   */
  onEvent?(event: DemoEvent): void | Promise<void>;
}

/** How the demo ended. */
export interface DemoResult {
  readonly reason: LoopEndReason;
  readonly messages: readonly Message[];
  /** The tools registered at the end, by name. */
  readonly finalTools: readonly string[];
  /** The sandbox folder, and whether it is still there after the run. */
  readonly sandbox: { readonly root: string; readonly kept: boolean };
}

/**
 * Runs the whole demo: seeds a sandbox, registers the tools, wires the hooks, runs the agent loop
 * with the scripted (or a real) model, changes the tool set mid-session, and at the end saves and
 * replays the transcript. Output goes to `output`, readable or as JSON lines.
 */
export async function runDemo(options: DemoOptions, output: DemoOutput): Promise<DemoResult> {
  const run = await openDemoRun(options, output);
  const { emit, sandbox } = run;
  let journal: ToolCallJournal | undefined;
  try {
    journal =
      options.journal === undefined
        ? undefined
        : createFileJournal({ dir: options.journal, retainCompleted: true });
    const workspace = createWorkspace(sandbox.root);
    const registry = new ToolRegistry([
      readFileTool,
      writeFileTool,
      deleteFileTool,
      listDirTool,
      calculatorTool,
      convertUnitsTool,
      slowTaskTool,
      echoTool,
      finishTool,
    ]);
    const model = options.model ?? createScriptedModel(demoSession.turns);
    await emit({
      type: "demo_start",
      model: model.name,
      sandbox: sandbox.root,
      files: sandbox.files,
      tools: registry.list().map((tool) => tool.name),
    });

    const transcript: Message[] = [];
    const pendingEvents: DemoEvent[] = [];
    const policy = createSandboxPolicy(workspace, (toolCallId, toolName, reason) => {
      pendingEvents.push({ type: "blocked", toolCallId, toolName, reason });
    });
    const redactor = createSecretRedactor((toolCallId, toolName, secrets) => {
      pendingEvents.push({ type: "redacted", toolCallId, toolName, secrets });
    });
    let toolSetChanged = false;
    let declaredAtTurn = 0;
    let toolCalls = 0;
    let errors = 0;

    const loop = await runAgentLoop({
      model,
      registry,
      transcript,
      systemPrompt: demoSession.systemPrompt,
      task: demoSession.task,
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      batch: {
        seams: [
          provideSeam(WorkspaceSeam, workspace),
          provideSeam(SleepSeam, options.sleep ?? sleepWithTimer),
        ],
        timeoutMs: 10_000,
        ...(journal === undefined ? {} : { journal }),
        async beforeToolCall(context, signal) {
          const changes = context.coercions;
          if (changes.length > 0) {
            await emit({
              type: "coercions",
              toolCallId: context.toolCall.id,
              toolName: context.toolCall.name,
              changes,
            });
          }
          const verdict = await policy(context, signal);
          await flush();
          return verdict;
        },
        async afterToolCall(context, signal) {
          const replacement = await redactor(context, signal);
          await flush();
          return replacement;
        },
      },
      // A batch with delete_file suspends; its state goes to disk and is resumed with a decision.
      onSuspended: createSuspensionHandler({
        root: sandbox.root,
        decide: options.approve ?? createFixedDecider("deny", "default"),
        emit,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(journal === undefined ? {} : { journal }),
      }),
      // The application changes its tools once the report exists: the model gets word_count and
      // loses slow_task. The loop declares that into the transcript before the next request.
      async beforeRequest({ turn, messages }) {
        if (toolSetChanged || !hasSuccessfulWrite(messages)) return;
        toolSetChanged = true;
        registry.register(wordCountTool);
        registry.unregister(slowTaskTool.name);
        await emit({
          type: "tool_set_changed",
          turn,
          added: [wordCountTool.name],
          removed: [slowTaskTool.name],
        });
      },
      async onEvent(event: AgentEvent) {
        if (event.type === "tool_result") {
          toolCalls += 1;
          if (event.message.isError) errors += 1;
        }
        await emit(event);
        if (event.type === "tools_declared") declaredAtTurn = event.turn;
        if (event.type === "model_request" && declaredAtTurn === event.turn && event.turn > 1) {
          await emit({
            type: "provider_modes",
            turn: event.turn,
            modes: describeProviderModes(transcript),
          });
        }
      },
    });

    const finalTools = registry.list().map((tool) => tool.name);
    await saveAndReplay(loop.messages, registry, options.out, emit);
    if (journal !== undefined && options.journal !== undefined)
      await emit(await summarizeJournal(journal, options.journal));
    return await run.finish({
      reason: loop.reason,
      turns: loop.turns,
      toolCalls,
      errors,
      messages: loop.messages,
      finalTools,
    });

    async function flush(): Promise<void> {
      for (const event of pendingEvents.splice(0)) await emit(event);
    }
  } finally {
    await journal?.close();
    await sandbox.cleanup();
  }
}

function hasSuccessfulWrite(messages: readonly Message[]): boolean {
  return messages.some(
    (message) =>
      message.role === "toolResult" && message.toolName === writeFileTool.name && !message.isError,
  );
}

/** Serialises the transcript (to `out` when given), parses it back and replays its tool set. */
async function saveAndReplay(
  messages: readonly Message[],
  registry: ToolRegistry,
  out: string | undefined,
  emit: (event: DemoEvent) => Promise<void>,
): Promise<void> {
  const text = serializeTranscript(messages);
  let source = "memory";
  let saved = text;
  if (out !== undefined) {
    await writeFile(out, text, "utf8");
    saved = await readFile(out, "utf8");
    source = out;
    await emit({
      type: "transcript_written",
      path: out,
      lines: saved.split("\n").filter(Boolean).length,
    });
  }
  const replayed = getCurrentTools(parseTranscript(saved));
  const executable = registry.list();
  const matchesRegistry =
    replayed.length === executable.length &&
    replayed.every((declaration, index) => {
      const tool = executable[index];
      return (
        tool !== undefined && tool.name === declaration.name && declarationsEqual(tool, declaration)
      );
    });
  await emit({ type: "replay", source, tools: replayed.map((tool) => tool.name), matchesRegistry });
}
