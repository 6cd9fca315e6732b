import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import {
  approvalDeniedText,
  approvalExpiredText,
  nestedApprovalText,
} from "../approval/approval-texts";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import { BLOCKED_TEXT, toolNotFoundText } from "../call/executor-texts";
import { ToolRunnerSeam } from "../call/tool-runner-seam";
import type { SuspendedBatch } from "../model/suspended-batch";
import { ToolBatchError, type ToolBatchErrorCode } from "../model/tool-batch-error";
import { describeEvents, expectComplete, firstText, recordEvents } from "../test-support";
import {
  call,
  createExecutionLog,
  createReadAndSend,
  createTestTool,
  type ExecutionLog,
  expectSuspended,
  roundTrip,
} from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";

const texts = (outcomes: readonly { result: { content: readonly unknown[] } }[]) =>
  outcomes.map((outcome) => firstText(outcome.result));

async function suspendMixed(
  log: ExecutionLog,
  options: { secret?: string; now?: () => number; ttlMs?: number } = {},
) {
  const { read, send } = createReadAndSend(log);
  const approval = {
    ...(options.secret === undefined ? {} : { stateSecret: options.secret }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
  };
  const outcome = expectSuspended(
    await executeToolBatch(
      [call("c1", "read"), call("c2", "send"), call("c3", "read"), call("c4", "send")],
      { tools: [read, send], approval, batchId: "mixed" },
    ),
  );
  return { read, send, approval, outcome, state: roundTrip(outcome.state) };
}

describe("resumeToolBatch", () => {
  it("should run approved calls, end denied ones, and emit tool_result for every call in source order", async () => {
    const log = createExecutionLog();
    const { read, send, outcome, state } = await suspendMixed(log);
    const [request2, request4] = outcome.pending;
    const { events, onEvent } = recordEvents();
    const resumed = expectComplete(
      await resumeToolBatch(
        state,
        [
          {
            approvalId: request4?.approvalId ?? "",
            decision: "deny",
            message: "too many",
            by: "ann",
          },
          { approvalId: request2?.approvalId ?? "", decision: "approve", by: "bob" },
        ],
        { tools: [read, send], onEvent },
      ),
    );
    expect(log.executed.sort()).toEqual(["c1", "c2", "c3"]);
    expect(describeEvents(events)).toEqual([
      "tool_approval_resolved:c4",
      "tool_execution_end:c4",
      "tool_approval_resolved:c2",
      "tool_execution_start:c2",
      "tool_execution_end:c2",
      "tool_result:c1",
      "tool_result:c2",
      "tool_result:c3",
      "tool_result:c4",
    ]);
    expect(events[3]).toMatchObject({ type: "tool_execution_start", resumed: true });
    expect(resumed.batchId).toBe("mixed");
    expect(resumed.messages.map((message) => message.toolCallId)).toEqual(["c1", "c2", "c3", "c4"]);
    expect(texts(resumed.outcomes)).toEqual([
      "done c1",
      "done c2",
      "done c3",
      approvalDeniedText("send", "too many"),
    ]);
    expect(resumed.outcomes[1]?.approval).toEqual({
      approvalId: request2?.approvalId,
      decision: "approve",
      by: "bob",
    });
    expect(resumed.outcomes[3]).toMatchObject({
      errorType: "approval_denied",
      approval: { decision: "deny", message: "too many", by: "ann" },
    });
    expect(log.keys).toContain("mixed:c2");
  });

  it("should stay suspended with revision + 1 after partial decisions, then complete on the next resume", async () => {
    const log = createExecutionLog();
    const { read, send, outcome, state } = await suspendMixed(log);
    const [request2, request4] = outcome.pending;
    const { events, onEvent } = recordEvents();
    const partial = expectSuspended(
      await resumeToolBatch(
        state,
        [{ approvalId: request4?.approvalId ?? "", decision: "approve" }],
        {
          tools: [read, send],
          onEvent,
        },
      ),
    );
    expect(partial.state.revision).toBe(1);
    expect(partial.pending.map((request) => request.approvalId)).toEqual([request2?.approvalId]);
    expect(describeEvents(events).filter((entry) => entry.startsWith("tool_result"))).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "tool_batch_suspended", revision: 1 });
    const done = expectComplete(
      await resumeToolBatch(
        roundTrip(partial.state),
        [{ approvalId: request2?.approvalId ?? "", decision: "approve" }],
        { tools: [read, send] },
      ),
    );
    expect(texts(done.outcomes)).toEqual(["done c1", "done c2", "done c3", "done c4"]);
    expect(log.executed.sort()).toEqual(["c1", "c2", "c3", "c4"]);
  });

  it("should return as soon as runnable calls settle when no decision is given (no human is waited for)", async () => {
    const log = createExecutionLog();
    const { read, send, state } = await suspendMixed(log);
    const again = expectSuspended(await resumeToolBatch(state, [], { tools: [read, send] }));
    expect(again.state.revision).toBe(1);
    expect(again.pending).toHaveLength(2);
    expect(log.executed.sort()).toEqual(["c1", "c3"]);
  });

  it("should expire a request at its expiry time even when it is approved, with the text naming the ttl", async () => {
    const log = createExecutionLog();
    let clock = Date.parse("2026-12-01T14:00:00.000Z");
    const now = () => clock;
    const { read, send, outcome, state } = await suspendMixed(log, { now, ttlMs: 1000 });
    clock += 999;
    const early = expectSuspended(
      await resumeToolBatch(state, [], { tools: [read, send], approval: { now } }),
    );
    expect(early.pending).toHaveLength(2);
    clock += 1;
    const approvalId = outcome.pending[0]?.approvalId ?? "";
    const { events, onEvent } = recordEvents();
    const expired = expectComplete(
      await resumeToolBatch(roundTrip(early.state), [{ approvalId, decision: "approve" }], {
        tools: [read, send],
        approval: { now },
        onEvent,
      }),
    );
    expect(log.executed.sort()).toEqual(["c1", "c3"]);
    expect(texts(expired.outcomes)[1]).toBe(approvalExpiredText("send", 1000));
    expect(expired.outcomes[1]).toMatchObject({
      errorType: "approval_expired",
      approval: { approvalId, decision: "expire" },
    });
    expect(events[0]).toMatchObject({ type: "tool_approval_resolved", decision: "expire" });
  });

  it("should run approved calls through steps 1–5 again with the tools and hooks given at resume", async () => {
    const log = createExecutionLog();
    const { read, send, outcome, state } = await suspendMixed(log);
    const decisions = outcome.pending.map(
      (request): ToolApprovalDecision => ({ approvalId: request.approvalId, decision: "approve" }),
    );
    const removed = expectComplete(await resumeToolBatch(state, decisions, { tools: [read] }));
    expect(texts(removed.outcomes)[1]).toBe(toolNotFoundText("send"));
    expect(removed.outcomes[1]?.approval?.decision).toBe("approve");

    const narrowed: Tool = {
      ...send,
      parameters: { type: "object", properties: {}, required: ["to"], additionalProperties: false },
    };
    const invalid = expectComplete(
      await resumeToolBatch(state, decisions, { tools: [read, narrowed] }),
    );
    expect(invalid.outcomes[1]?.errorType).toBe("invalid_arguments");

    const blocked = expectComplete(
      await resumeToolBatch(state, decisions, {
        tools: [read, send],
        beforeToolCall: ({ toolCall }) => (toolCall.name === "send" ? { block: true } : undefined),
      }),
    );
    expect(texts(blocked.outcomes)[1]).toBe(BLOCKED_TEXT);
    expect(log.executed.filter((id) => id === "c2" || id === "c4")).toEqual([]);
  });

  it("should let a deferred call ask for approval on resume, and run it once the lock is free", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const first = expectSuspended(
      await executeToolBatch([call("c1", "send", "a"), call("c2", "read", "a")], {
        tools: [read, send],
      }),
    );
    const approvalId = first.pending[0]?.approvalId ?? "";
    const { events, onEvent } = recordEvents();
    const done = expectComplete(
      await resumeToolBatch(roundTrip(first.state), [{ approvalId, decision: "approve" }], {
        tools: [read, send],
        onEvent,
      }),
    );
    expect(log.executed).toEqual(["c1", "c2"]);
    expect(done.outcomes.map((outcome) => outcome.isError)).toEqual([false, false]);
    expect(events.filter((event) => event.type === "tool_execution_start")).toMatchObject([
      { toolCallId: "c1", resumed: true },
      { toolCallId: "c2", resumed: true },
    ]);
  });

  it("should resume a sequential batch in order and give later calls their first start event", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const first = expectSuspended(
      await executeToolBatch([call("c1", "read"), call("c2", "send"), call("c3", "read")], {
        tools: [read, send],
        mode: "sequential",
      }),
    );
    const approvalId = first.pending[0]?.approvalId ?? "";
    const { events, onEvent } = recordEvents();
    await resumeToolBatch(roundTrip(first.state), [{ approvalId, decision: "approve" }], {
      tools: [read, send],
      onEvent,
    });
    expect(log.executed).toEqual(["c1", "c2", "c3"]);
    expect(describeEvents(events)).toEqual([
      "tool_approval_resolved:c2",
      "tool_execution_start:c2",
      "tool_execution_end:c2",
      "tool_execution_start:c3",
      "tool_execution_end:c3",
      "tool_result:c1",
      "tool_result:c2",
      "tool_result:c3",
    ]);
    expect(events[3]).not.toHaveProperty("resumed");
  });

  it("should end awaiting calls as aborted when the resume's run is already aborted", async () => {
    const log = createExecutionLog();
    const { read, send, state } = await suspendMixed(log);
    const controller = new AbortController();
    controller.abort();
    const done = expectComplete(
      await resumeToolBatch(state, [], { tools: [read, send], signal: controller.signal }),
    );
    expect(done.outcomes.map((outcome) => outcome.errorType)).toEqual([
      undefined,
      "aborted",
      undefined,
      "aborted",
    ]);
    expect(done.outcomes[1]?.approval?.decision).toBe("abort");
  });

  describe("validation", () => {
    const rejectsWith = async (running: Promise<unknown>, code: ToolBatchErrorCode) => {
      await expect(running).rejects.toSatisfy(
        (error) => ToolBatchError.isInstance(error) && error.code === code,
      );
    };

    it("should reject every bad input with its code, having run and emitted nothing", async () => {
      const log = createExecutionLog();
      const { read, send, outcome, state } = await suspendMixed(log, { secret: "s3cret" });
      const executedBefore = [...log.executed];
      const { events, onEvent } = recordEvents();
      const options = { tools: [read, send], onEvent, approval: { stateSecret: "s3cret" } };
      const approvalId = outcome.pending[0]?.approvalId ?? "";
      const approve = [{ approvalId, decision: "approve" as const }];
      const cases: [unknown, unknown, ToolBatchErrorCode][] = [
        [{ type: "nope" }, approve, "INVALID_STATE"],
        [{ ...state, version: 2 }, approve, "UNSUPPORTED_STATE_VERSION"],
        [{ ...state, signature: undefined }, approve, "STATE_SIGNATURE_MISMATCH"],
        [
          {
            ...state,
            calls: state.calls.map((entry, index) =>
              index === 1
                ? { ...entry, toolCall: { ...entry.toolCall, arguments: { key: "evil" } } }
                : entry,
            ),
          },
          approve,
          "STATE_SIGNATURE_MISMATCH",
        ],
        [state, [{ approvalId, decision: "maybe" }], "INVALID_DECISION"],
        [state, [{ approvalId: "other", decision: "approve" }], "UNKNOWN_APPROVAL"],
        [state, [...approve, ...approve], "DUPLICATE_DECISION"],
      ];
      for (const [badState, decisions, code] of cases) {
        await rejectsWith(
          resumeToolBatch(badState as SuspendedBatch, decisions as ToolApprovalDecision[], options),
          code,
        );
      }
      await rejectsWith(
        resumeToolBatch(state, approve, {
          ...options,
          approval: { stateSecret: "s3cret", ttlMs: -1 },
        }),
        "INVALID_ARGUMENT",
      );
      expect(events).toEqual([]);
      expect(log.executed).toEqual(executedBefore);
    });

    it("should reject a decision for a call settled in an earlier resume with ALREADY_DECIDED", async () => {
      const log = createExecutionLog();
      const { read, send, outcome, state } = await suspendMixed(log);
      const approvalId = outcome.pending[0]?.approvalId ?? "";
      const partial = expectSuspended(
        await resumeToolBatch(state, [{ approvalId, decision: "deny" }], { tools: [read, send] }),
      );
      await rejectsWith(
        resumeToolBatch(partial.state, [{ approvalId, decision: "approve" }], {
          tools: [read, send],
        }),
        "ALREADY_DECIDED",
      );
    });
  });
});

describe("nested calls that need approval", () => {
  const createParent = (): Tool => ({
    name: "parent",
    description: "Calls send through the runner seam",
    async execute(_params, context) {
      const outcome = await context.use(ToolRunnerSeam).runToolCall(call("n1", "send"));
      return { content: outcome.result.content };
    },
  });

  it("should end a nested call that needs approval with the nested text, without suspending the parent", async () => {
    const log = createExecutionLog();
    const { send } = createReadAndSend(log);
    const done = expectComplete(
      await executeToolBatch([call("p1", "parent")], { tools: [createParent(), send] }),
    );
    expect(log.executed).toEqual([]);
    expect(texts(done.outcomes)).toEqual([nestedApprovalText("send")]);
  });

  it("should run a nested call when decide approves it, and share the batch's idempotency prefix", async () => {
    const log = createExecutionLog();
    const send = createTestTool({ name: "send", log, needsApproval: true });
    const done = expectComplete(
      await executeToolBatch([call("p1", "parent")], {
        tools: [createParent(), send],
        batchId: "outer",
        approval: { decide: () => ({ decision: "approve" }) },
      }),
    );
    expect(texts(done.outcomes)).toEqual(["done n1"]);
    expect(log.keys).toEqual(["outer:n1"]);
  });
});
