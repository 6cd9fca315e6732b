import {
  defineSeam,
  defineTool,
  type Seam,
  type ToolContext,
  ToolRegistry,
} from "@toolwright/tool-core";
import { describeThrown } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { makeRequest } from "./__fixtures__/make-request";
import {
  type DispatchedJob,
  type DispatchWorkerState,
  runDispatchedJob,
} from "./run-dispatched-job";

const KeySeam = defineSeam<string>("apiKey");
const seen: ToolContext[] = [];
const tools = new ToolRegistry([
  defineTool({
    name: "record",
    description: "Records its context.",
    parameters: { type: "object" },
    execute(_args, context) {
      seen.push(context);
      return { content: [{ type: "text", text: `attempt ${context.attempt}` }] };
    },
  }),
  defineTool({
    name: "needs_key",
    description: "Uses a seam.",
    parameters: { type: "object" },
    seams: [KeySeam],
    execute: (_args, context) => ({ content: [{ type: "text", text: context.use(KeySeam) }] }),
  }),
  defineTool({
    name: "throws",
    description: "Throws a string.",
    parameters: { type: "object" },
    execute() {
      throw "plain string";
    },
  }),
  defineTool({
    name: "throws_object",
    description: "Throws a plain object without a message.",
    parameters: { type: "object" },
    execute() {
      throw { code: 7, reason: "quota" };
    },
  }),
  defineTool({
    name: "until_aborted",
    description: "Waits for its signal.",
    parameters: { type: "object" },
    execute: (_args, context) =>
      new Promise((_resolve, reject) =>
        context.signal.addEventListener("abort", () => reject(new Error("stopped"))),
      ),
  }),
  defineTool({
    name: "chatty",
    description: "Streams updates, one of them after returning.",
    parameters: { type: "object" },
    execute(_args, context) {
      context.onUpdate({ content: [{ type: "text", text: "one" }], details: { fn: () => 1 } });
      setTimeout(() => context.onUpdate({ content: [{ type: "text", text: "late" }] }), 0);
      return { content: [{ type: "text", text: "done" }] };
    },
  }),
]);

function makeState(overrides: Partial<DispatchWorkerState> = {}): DispatchWorkerState {
  return {
    name: "w1",
    tools,
    seams: new Map<Seam<unknown>, unknown>(),
    maxAttempts: 3,
    ...overrides,
  };
}

function makeJob(data: unknown, attemptsStarted = 1, signal = new AbortController().signal) {
  const progress: unknown[] = [];
  const job: DispatchedJob = {
    data,
    attemptsStarted,
    signal,
    sendProgress: async (partial) => void progress.push(partial),
  };
  return { job, progress };
}

describe("runDispatchedJob", () => {
  it("should answer a redelivered never call interrupted without running the tool", async () => {
    seen.length = 0;
    const { job } = makeJob(makeRequest("record", {}, { replay: "never" }), 2);
    expect(await runDispatchedJob(job, makeState())).toEqual({
      status: "interrupted",
      attempts: 1,
    });
    expect(seen).toHaveLength(0);
  });

  it("should run a redelivered safe call with attempt = request.attempt + attemptsStarted - 1 and the request's key", async () => {
    seen.length = 0;
    const request = makeRequest("record", {}, { replay: "safe", attempt: 2 });
    const { job } = makeJob(request, 2);
    expect(await runDispatchedJob(job, makeState())).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "attempt 3" }] },
    });
    expect(seen[0]).toMatchObject({
      attempt: 3,
      idempotencyKey: request.key,
      toolCallId: request.toolCall.id,
      toolCall: request.toolCall,
    });
  });

  it("should answer a call past maxAttempts interrupted, counting the runs before it", async () => {
    const { job } = makeJob(makeRequest("record", {}, { replay: "safe" }), 4);
    expect(await runDispatchedJob(job, makeState())).toEqual({
      status: "interrupted",
      attempts: 3,
    });
  });

  it("should answer tool_not_found with the worker's name", async () => {
    const { job } = makeJob(makeRequest("missing"));
    expect(await runDispatchedJob(job, makeState())).toEqual({
      status: "tool_not_found",
      worker: "w1",
    });
  });

  it("should refuse a tool whose declared seam the worker does not provide, and use one it does", async () => {
    const { job } = makeJob(makeRequest("needs_key"));
    expect(await runDispatchedJob(job, makeState())).toEqual({
      status: "threw",
      message: "Seam apiKey is not provided",
      errorType: "seam_not_provided",
    });
    const seams = new Map<Seam<unknown>, unknown>([[KeySeam, "k-123"]]);
    expect(await runDispatchedJob(job, makeState({ seams }))).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "k-123" }] },
    });
  });

  it("should describe a thrown non-error as tool_error, and refuse a malformed request", async () => {
    expect(await runDispatchedJob(makeJob(makeRequest("throws")).job, makeState())).toEqual({
      status: "threw",
      message: "plain string",
      errorType: "tool_error",
    });
    // Described exactly as the coordinator's own executor describes a local throw.
    const thrownObject = { code: 7, reason: "quota" };
    expect(await runDispatchedJob(makeJob(makeRequest("throws_object")).job, makeState())).toEqual({
      status: "threw",
      message: describeThrown(thrownObject),
      errorType: "tool_error",
    });
    expect(describeThrown(thrownObject)).toBe('{"code":7,"reason":"quota"}');
    expect(await runDispatchedJob(makeJob({ v: 1 }).job, makeState())).toEqual({
      status: "threw",
      message: "The job is not a tool call request: key is not a string",
      errorType: "invalid_request",
    });
  });

  it("should abort the tool after the request's timeoutMs (timeout) or on cancellation (aborted)", async () => {
    const timed = makeJob(makeRequest("until_aborted", {}, { timeoutMs: 50 }));
    expect(await runDispatchedJob(timed.job, makeState())).toEqual({
      status: "threw",
      message: "stopped",
      errorType: "timeout",
    });
    const controller = new AbortController();
    const cancelled = makeJob(makeRequest("until_aborted"), 1, controller.signal);
    const pending = runDispatchedJob(cancelled.job, makeState());
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toEqual({ status: "threw", message: "stopped", errorType: "aborted" });
    expect(await runDispatchedJob(cancelled.job, makeState())).toEqual({
      status: "threw",
      message: "Operation aborted",
      errorType: "aborted",
    });
  });

  it("should send updates as JSON before resolving, leaving out non-JSON details, and ignore late ones", async () => {
    const { job, progress } = makeJob(makeRequest("chatty"));
    await runDispatchedJob(job, makeState());
    expect(progress).toEqual([{ content: [{ type: "text", text: "one" }] }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(progress).toHaveLength(1);
  });
  it("should send progress one write after another, so a slow first write cannot be overtaken", async () => {
    const written: unknown[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const job: DispatchedJob = {
      data: makeRequest("steps"),
      attemptsStarted: 1,
      signal: new AbortController().signal,
      // The first write is the slowest: sent all at once, the later ones would land first.
      sendProgress: async (partial) => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const step = (partial as { content: { text: string }[] }).content[0]?.text;
        await new Promise((resolve) => setTimeout(resolve, step === "step 1" ? 30 : 1));
        written.push(step);
        inFlight--;
      },
    };
    const steps = defineTool({
      name: "steps",
      description: "Reports three steps.",
      parameters: { type: "object" },
      execute(_args, context) {
        for (const step of [1, 2, 3])
          context.onUpdate?.({ content: [{ type: "text", text: `step ${step}` }] });
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    expect(
      await runDispatchedJob(job, makeState({ tools: new ToolRegistry([steps]) })),
    ).toMatchObject({ status: "returned" });
    expect(written).toEqual(["step 1", "step 2", "step 3"]);
    expect(mostInFlight).toBe(1);
  });
});
