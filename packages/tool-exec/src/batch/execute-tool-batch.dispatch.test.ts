import { defineSeam, type Tool, type ToolCall, type ToolUpdate } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "../dispatch/tool-dispatcher";
import { toolNotFoundOnWorkerText } from "../dispatch/tool-not-found-on-worker-text";
import { createMemoryJournal } from "../journal/create-memory-journal";
import type { JournalRecord } from "../journal/journal-record";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import { expectComplete, firstText, recordEvents } from "../test-support";
import { call } from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { recoverToolBatch } from "./recover-tool-batch";

/**
 * An in-process stand-in for a queue: it answers each request from a scripted function, records
 * the requests and the signals it got, and answers `lookup` from a table.
 */
function createFakeDispatcher(
  answer: (
    request: ToolDispatchRequest,
    io: { signal: AbortSignal; onUpdate(partial: ToolUpdate): void },
  ) => Promise<ToolDispatchResult>,
  options: { handles?: (tool: Tool) => boolean; lookups?: Record<string, ToolDispatchLookup> } = {},
) {
  const requests: ToolDispatchRequest[] = [];
  const signals: AbortSignal[] = [];
  const dispatcher: ToolDispatcher = {
    ...(options.handles === undefined ? {} : { handles: options.handles }),
    execute(request, io) {
      requests.push(request);
      signals.push(io.signal);
      return answer(request, io);
    },
    async lookup(key) {
      return options.lookups?.[key] ?? { status: "unknown" };
    },
  };
  return { dispatcher, requests, signals };
}

let localRuns = 0;
const remoteTool: Tool = {
  name: "remote",
  description: "Runs on a worker",
  parameters: {
    type: "object",
    properties: { count: { type: "integer" } },
    additionalProperties: false,
  },
  replay: "safe",
  execute() {
    localRuns++;
    return { content: [{ type: "text", text: "ran locally" }] };
  },
};
const valueTool: Tool = {
  name: "value",
  description: "A value tool",
  output: {
    schema: {
      type: "object",
      properties: { n: { type: "number" } },
      required: ["n"],
      additionalProperties: false,
    },
    render: (value: unknown) => `n is ${(value as { n: number }).n}`,
  },
  execute: () => ({ n: 0 }) as never,
};
const returned = (value: unknown): Promise<ToolDispatchResult> =>
  Promise.resolve({ status: "returned", value: value as never });

describe("executeToolBatch with a dispatcher", () => {
  it("should send the prepared call to the dispatcher and finish its value here", async () => {
    localRuns = 0;
    const fake = createFakeDispatcher((request) =>
      request.toolName === "value"
        ? returned({ n: 7 })
        : returned({ content: [{ type: "text", text: `remote ${request.toolCall.id}` }] }),
    );
    const batch = expectComplete(
      await executeToolBatch(
        [
          { type: "toolCall", id: "c1", name: "remote", arguments: { count: "3" } },
          call("c2", "value"),
        ],
        {
          tools: [remoteTool, valueTool],
          dispatcher: fake.dispatcher,
          batchId: "d1",
          timeoutMs: 5_000,
          afterToolCall: ({ toolCall, result }) =>
            toolCall.id === "c1" ? { details: { seen: firstText(result) } } : undefined,
        },
      ),
    );
    expect(localRuns).toBe(0);
    expect(fake.requests[0]).toEqual({
      v: 1,
      key: "d1:c1",
      batchId: "d1",
      toolCall: { type: "toolCall", id: "c1", name: "remote", arguments: { count: "3" } },
      toolName: "remote",
      args: { count: 3 },
      replay: "safe",
      attempt: 1,
      timeoutMs: 5_000,
    });
    expect(batch.outcomes[0]?.result).toMatchObject({
      content: [{ type: "text", text: "remote c1" }],
      details: { seen: "remote c1" },
    });
    expect(firstText(batch.outcomes[1]?.result ?? { content: [] })).toBe("n is 7");
  });

  it("should carry a returned result's dropped note into the outcome, the journal and a suspended state", async () => {
    const fake = createFakeDispatcher(() =>
      Promise.resolve({
        status: "returned",
        value: {
          content: [{ type: "text", text: "sent" }],
          details: null,
          structuredContent: null,
        },
        dropped: ["details", "structuredContent"],
      }),
    );
    const journal = createMemoryJournal();
    const outcome = await executeToolBatch([call("c1", "remote"), call("c2", "held")], {
      tools: [remoteTool, { ...remoteTool, name: "held", needsApproval: () => true }],
      dispatcher: fake.dispatcher,
      journal,
      batchId: "dropped",
      // The hook replaces structuredContent, so only details is still a dropped field.
      afterToolCall: () => ({ structuredContent: { rewritten: true } }),
    });
    expect(outcome.status).toBe("suspended");
    if (outcome.status !== "suspended") return;
    const stored = outcome.state.calls[0];
    expect(stored?.status === "settled" ? stored.outcome.dropped : undefined).toEqual(["details"]);
    const settled = (await journal.read("dropped")).find((record) => record.t === "settled");
    expect(settled?.t === "settled" ? settled.outcome.dropped : undefined).toEqual(["details"]);
  });

  it("should run a tool locally when handles says false", async () => {
    localRuns = 0;
    const fake = createFakeDispatcher(() => returned({ content: [] }), { handles: () => false });
    const batch = expectComplete(
      await executeToolBatch([call("c1", "remote")], {
        tools: [remoteTool],
        dispatcher: fake.dispatcher,
      }),
    );
    expect(localRuns).toBe(1);
    expect(fake.requests).toEqual([]);
    expect(firstText(batch.outcomes[0]?.result ?? { content: [] })).toBe("ran locally");
  });

  it("should turn each remote ending into the executor's result", async () => {
    const answers: Record<string, () => Promise<ToolDispatchResult>> = {
      c1: () =>
        Promise.resolve({ status: "threw", message: "card declined", errorType: "not_ours" }),
      c6: () =>
        Promise.resolve({ status: "threw", message: "no seam", errorType: "seam_not_provided" }),
      c2: () => Promise.resolve({ status: "interrupted", attempts: 1 }),
      c3: () => Promise.resolve({ status: "tool_not_found", worker: "w1" }),
      c4: () => Promise.reject(new Error("queue unreachable")),
      c5: () => returned({ n: "not a number" }),
    };
    const fake = createFakeDispatcher((request) =>
      (answers[request.toolCall.id] as () => Promise<ToolDispatchResult>)(),
    );
    const batch = expectComplete(
      await executeToolBatch(
        [
          call("c1", "remote"),
          call("c2", "remote"),
          call("c3", "remote"),
          call("c4", "remote"),
          call("c5", "value"),
          call("c6", "remote"),
        ],
        { tools: [remoteTool, valueTool], dispatcher: fake.dispatcher },
      ),
    );
    expect(batch.outcomes.map((outcome) => [outcome.errorType, firstText(outcome.result)])).toEqual(
      [
        ["tool_error", "card declined"],
        // remoteTool is `replay: "safe"`: a worker only answers interrupted past its attempts.
        ["interrupted", interruptedTimesText("remote", 1)],
        ["tool_not_found", toolNotFoundOnWorkerText("remote", "w1")],
        ["dispatch_failed", "queue unreachable"],
        [
          "invalid_output",
          expect.stringContaining('Output of tool "value" does not match its schema'),
        ],
        ["seam_not_provided", "no seam"],
      ],
    );
  });

  it("should race the local time limit, abort the dispatcher's signal, and forward its updates", async () => {
    const fake = createFakeDispatcher(
      (_request, io) =>
        new Promise((resolve) => {
          io.onUpdate({ content: [{ type: "text", text: "halfway" }] });
          io.signal.addEventListener("abort", () =>
            resolve({ status: "threw", message: "cancelled", errorType: "aborted" }),
          );
        }),
    );
    const { events, onEvent } = recordEvents();
    const batch = expectComplete(
      await executeToolBatch([call("c1", "remote")], {
        tools: [remoteTool],
        dispatcher: fake.dispatcher,
        timeoutMs: 20,
        onEvent,
      }),
    );
    expect(batch.outcomes[0]?.errorType).toBe("timeout");
    expect(fake.signals[0]?.aborted).toBe(true);
    expect(events.some((event) => event.type === "tool_execution_update")).toBe(true);
  });

  it("should leave the seam check to the worker for a dispatched call", async () => {
    const WorkerSecrets = defineSeam<{ token: string }>("worker-secrets");
    const fake = createFakeDispatcher(() => returned({ content: [{ type: "text", text: "ok" }] }));
    const batch = expectComplete(
      await executeToolBatch([call("c1", "remote")], {
        tools: [{ ...remoteTool, seams: [WorkerSecrets] }],
        dispatcher: fake.dispatcher,
      }),
    );
    expect(batch.outcomes[0]?.isError).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it("should write the dispatcher's key on the started record", async () => {
    const journal = createMemoryJournal();
    const fake = createFakeDispatcher(() => returned({ content: [] }));
    const records: JournalRecord[] = [];
    await executeToolBatch([call("c1", "remote")], {
      tools: [remoteTool],
      dispatcher: fake.dispatcher,
      batchId: "keyed",
      journal: {
        ...journal,
        append: async (batchId, appended) => {
          records.push(...appended);
          await journal.append(batchId, appended);
        },
      },
    });
    expect(records.find((record) => record.t === "started")).toMatchObject({
      callId: "c1",
      attempt: 1,
      replay: "safe",
      dispatchKey: "keyed:c1",
    });
  });
});

describe("recoverToolBatch with a dispatcher", () => {
  const AT = "2026-12-01T14:00:00.000Z";
  async function crashedJournal(calls: readonly ToolCall[]) {
    const journal = createMemoryJournal();
    const lock = await journal.lock("remote-crash", "crashed coordinator");
    await journal.append("remote-crash", [
      { t: "batch", v: 1, batchId: "remote-crash", at: AT, mode: "parallel", calls },
      ...calls.map(
        (toolCall): JournalRecord => ({
          t: "started",
          callId: toolCall.id,
          attempt: 1,
          replay: toolCall.name === "remote" ? "safe" : "never",
          at: AT,
          dispatchKey: `remote-crash:${toolCall.id}`,
        }),
      ),
    ]);
    await lock.release();
    return journal;
  }

  it("should adopt a completed remote result, await a running job with the same key, and fall back to the policy for an unknown one", async () => {
    const neverTool: Tool = { ...remoteTool, name: "never", replay: "never" };
    const journal = await crashedJournal([
      call("c1", "remote"),
      call("c2", "remote"),
      call("c3", "never"),
    ]);
    const fake = createFakeDispatcher(
      (request) => returned({ content: [{ type: "text", text: `awaited ${request.key}` }] }),
      {
        lookups: {
          "remote-crash:c1": {
            status: "returned",
            value: { content: [{ type: "text", text: "adopted" }] },
          },
          "remote-crash:c2": { status: "running" },
        },
      },
    );
    const done = expectComplete(
      await recoverToolBatch("remote-crash", {
        tools: [remoteTool, neverTool],
        journal,
        dispatcher: fake.dispatcher,
      }),
    );
    expect(done.outcomes.map((outcome) => firstText(outcome.result))).toEqual([
      "adopted",
      "awaited remote-crash:c2",
      interruptedText("never"),
    ]);
    expect(fake.requests.map((request) => [request.key, request.attempt])).toEqual([
      ["remote-crash:c2", 1],
    ]);
    const records = await journal.read("remote-crash");
    expect(records.filter((record) => record.t === "started")).toHaveLength(3);
    const settled = records.flatMap((record) =>
      record.t === "settled" ? [[record.callId, record.recovery]] : [],
    );
    expect(settled).toEqual(
      expect.arrayContaining([
        ["c1", "adopted_remote"],
        ["c2", undefined],
        ["c3", "interrupted"],
      ]),
    );
  });

  it("should reject and leave the batch open when lookup fails", async () => {
    const journal = await crashedJournal([call("c1", "never")]);
    const dispatcher: ToolDispatcher = {
      execute: () => Promise.reject(new Error("unused")),
      lookup: () => Promise.reject(new Error("redis down")),
    };
    const neverTool: Tool = { ...remoteTool, name: "never", replay: "never" };
    await expect(
      recoverToolBatch("remote-crash", { tools: [neverTool], journal, dispatcher }),
    ).rejects.toThrow("redis down");
    const records = await journal.read("remote-crash");
    expect(records.some((record) => record.t === "settled")).toBe(false);
  });
});
