import type { ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import {
  approvalDeniedText,
  approvalFailedText,
  needsApprovalFailedText,
} from "../approval/approval-texts";
import { defaultNeedsApproval } from "../approval/default-needs-approval";
import { ABORTED_TEXT } from "../call/executor-texts";
import { ToolBatchError } from "../model/tool-batch-error";
import { describeEvents, expectComplete, firstText, recordEvents } from "../test-support";
import {
  call,
  createExecutionLog,
  createReadAndSend,
  createTestTool,
  expectSuspended,
  roundTrip,
} from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";

describe("executeToolBatch with approval", () => {
  it("should run the ungated calls of a parallel batch, then suspend with no tool_result and no messages", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const { events, onEvent } = recordEvents();
    const calls = [call("c1", "read"), call("c2", "send"), call("c3", "read")];
    const outcome = expectSuspended(
      await executeToolBatch(calls, { tools: [read, send], onEvent, batchId: "b-1" }),
    );
    expect(log.executed.sort()).toEqual(["c1", "c3"]);
    expect(describeEvents(events)).toEqual([
      "tool_execution_start:c1",
      "tool_execution_start:c2",
      "tool_approval_requested:c2",
      "tool_execution_start:c3",
      "tool_execution_end:c1",
      "tool_execution_end:c3",
      "tool_batch_suspended:0",
    ]);
    expect(outcome).not.toHaveProperty("messages");
    expect(outcome.batchId).toBe("b-1");
    expect(outcome.pending.map((request) => request.toolCall.id)).toEqual(["c2"]);
    const { state } = outcome;
    expect(state.calls.map((entry) => entry.status)).toEqual([
      "settled",
      "awaiting_approval",
      "settled",
    ]);
    expect(state).toMatchObject({ batchId: "b-1", revision: 0, mode: "parallel" });
    expect(roundTrip(state)).toEqual(state);
    const suspendedEvent = events.at(-1);
    expect(suspendedEvent).toEqual({
      type: "tool_batch_suspended",
      batchId: "b-1",
      revision: 0,
      pending: [{ toolCallId: "c2", approvalId: outcome.pending[0]?.approvalId }],
    });
  });

  it("should carry reason, details and expiry from needsApproval to the request and its event", async () => {
    const log = createExecutionLog();
    const send = createTestTool({
      name: "send",
      log,
      needsApproval: () => ({ reason: "external email", details: { to: "x" }, ttlMs: 500 }),
    });
    const { events, onEvent } = recordEvents();
    const outcome = expectSuspended(
      await executeToolBatch([call("c1", "send")], {
        tools: [send],
        onEvent,
        approval: { now: () => Date.parse("2026-12-01T14:00:00.000Z") },
      }),
    );
    const [request] = outcome.pending;
    expect(request).toMatchObject({
      batchId: outcome.batchId,
      reason: "external email",
      details: { to: "x" },
      requestedAt: "2026-12-01T14:00:00.000Z",
      expiresAt: "2026-12-01T14:00:00.500Z",
    });
    expect(events[1]).toEqual({
      type: "tool_approval_requested",
      toolCallId: "c1",
      toolName: "send",
      args: {},
      approvalId: request?.approvalId,
      reason: "external email",
      details: { to: "x" },
      expiresAt: "2026-12-01T14:00:00.500Z",
    });
    expect(outcome.state.createdAt).toBe("2026-12-01T14:00:00.000Z");
  });

  it("should defer a call whose lock keys overlap an awaiting call's, and keep deferring through the chain", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const calls = [
      call("c1", "send", "a"),
      call("c2", "read", "a"),
      call("c3", "read", "b"),
      call("c4", "read"),
    ];
    const outcome = expectSuspended(await executeToolBatch(calls, { tools: [read, send] }));
    expect(log.executed.sort()).toEqual(["c3", "c4"]);
    expect(outcome.state.calls.map((entry) => entry.status)).toEqual([
      "awaiting_approval",
      "deferred",
      "settled",
      "settled",
    ]);
  });

  it("should stop a sequential batch at the awaiting call: later calls get no start event, earlier results are held back", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const { events, onEvent } = recordEvents();
    const calls = [call("c1", "read"), call("c2", "send"), call("c3", "read")];
    const outcome = expectSuspended(
      await executeToolBatch(calls, { tools: [read, send], onEvent, mode: "sequential" }),
    );
    expect(log.executed).toEqual(["c1"]);
    expect(describeEvents(events)).toEqual([
      "tool_execution_start:c1",
      "tool_execution_end:c1",
      "tool_execution_start:c2",
      "tool_approval_requested:c2",
      "tool_batch_suspended:0",
    ]);
    expect(outcome.state).toMatchObject({ mode: "sequential" });
    expect(outcome.state.calls.map((entry) => entry.status)).toEqual([
      "settled",
      "awaiting_approval",
      "deferred",
    ]);
  });

  it("should still stream tool_result in a sequential batch that cannot suspend", async () => {
    const log = createExecutionLog();
    const { read } = createReadAndSend(log);
    const { events, onEvent } = recordEvents();
    await executeToolBatch([call("c1", "read"), call("c2", "read")], {
      tools: [read],
      onEvent,
      mode: "sequential",
    });
    expect(describeEvents(events)).toEqual([
      "tool_execution_start:c1",
      "tool_execution_end:c1",
      "tool_result:c1",
      "tool_execution_start:c2",
      "tool_execution_end:c2",
      "tool_result:c2",
    ]);
  });

  it("should never ask for a blocked or invalid call", async () => {
    const log = createExecutionLog();
    let asked = 0;
    const send = createTestTool({
      name: "send",
      log,
      needsApproval: () => {
        asked++;
        return true;
      },
    });
    const outcome = expectComplete(
      await executeToolBatch(
        [
          call("c1", "send"),
          { type: "toolCall", id: "c2", name: "send", arguments: { key: { nested: true } } },
        ],
        {
          tools: [send],
          beforeToolCall: ({ toolCall }) => (toolCall.id === "c1" ? { block: true } : undefined),
        },
      ),
    );
    expect(asked).toBe(0);
    expect(outcome.outcomes.map((entry) => entry.errorType)).toEqual([
      "blocked",
      "invalid_arguments",
    ]);
  });

  it("should apply decide's verdicts in process: approve runs, deny ends with the text, a throw fails closed", async () => {
    const log = createExecutionLog();
    const { send } = createReadAndSend(log);
    const { events, onEvent } = recordEvents();
    const outcome = expectComplete(
      await executeToolBatch([call("c1", "send"), call("c2", "send"), call("c3", "send")], {
        tools: [send],
        onEvent,
        approval: {
          decide: (request) => {
            if (request.toolCall.id === "c1") return { decision: "approve", by: "allow-list" };
            if (request.toolCall.id === "c2") return { decision: "deny", message: "no" };
            throw new Error("prompt crashed");
          },
        },
      }),
    );
    expect(log.executed).toEqual(["c1"]);
    const [approved, denied, failed] = outcome.outcomes;
    expect(approved).toMatchObject({
      isError: false,
      approval: { decision: "approve", by: "allow-list" },
    });
    expect(denied).toMatchObject({
      errorType: "approval_denied",
      approval: { decision: "deny", message: "no" },
    });
    expect(firstText(denied?.result ?? { content: [] })).toBe(approvalDeniedText("send", "no"));
    expect(failed?.errorType).toBe("approval_error");
    expect(firstText(failed?.result ?? { content: [] })).toBe(
      approvalFailedText("send", "prompt crashed"),
    );
    expect(describeEvents(events).slice(0, 4)).toEqual([
      "tool_execution_start:c1",
      "tool_approval_requested:c1",
      "tool_approval_resolved:c1",
      "tool_execution_start:c2",
    ]);
  });

  it("should let a batch-level needsApproval replace the tools' own and defer to them through defaultNeedsApproval", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const calls: ToolCall[] = [call("c1", "read"), call("c2", "send")];
    const everything = expectSuspended(
      await executeToolBatch(calls, {
        tools: [read, send],
        approval: { needsApproval: () => true },
      }),
    );
    expect(everything.pending.map((request) => request.toolCall.id)).toEqual(["c1", "c2"]);
    const trusted = expectComplete(
      await executeToolBatch(calls, {
        tools: [read, send],
        context: { trusted: true },
        approval: {
          needsApproval: (ctx) =>
            (ctx.context as { trusted?: boolean }).trusted === true
              ? false
              : defaultNeedsApproval(ctx),
        },
      }),
    );
    expect(trusted.outcomes.every((entry) => !entry.isError)).toBe(true);
  });

  it("should fail a call closed when needsApproval throws", async () => {
    const log = createExecutionLog();
    const send = createTestTool({
      name: "send",
      log,
      needsApproval: () => {
        throw new Error("policy down");
      },
    });
    const outcome = expectComplete(await executeToolBatch([call("c1", "send")], { tools: [send] }));
    expect(log.executed).toEqual([]);
    expect(outcome.outcomes[0]?.errorType).toBe("approval_error");
    expect(firstText(outcome.outcomes[0]?.result ?? { content: [] })).toBe(
      needsApprovalFailedText("send", "policy down"),
    );
  });

  it("should end awaiting and deferred calls as aborted when the run aborts before the batch returns", async () => {
    const log = createExecutionLog();
    const { read, send } = createReadAndSend(log);
    const controller = new AbortController();
    const slow = createTestTool({ name: "slow", log });
    const aborting = {
      ...slow,
      execute: async () => {
        controller.abort();
        return { content: [{ type: "text" as const, text: "late" }] };
      },
    };
    const { events, onEvent } = recordEvents();
    const outcome = expectComplete(
      await executeToolBatch(
        [call("c1", "send", "a"), call("c2", "read", "a"), call("c3", "slow")],
        { tools: [read, send, aborting], signal: controller.signal, onEvent },
      ),
    );
    expect(log.executed).toEqual([]);
    const [awaiting, deferred] = outcome.outcomes;
    expect(awaiting).toMatchObject({ errorType: "aborted", approval: { decision: "abort" } });
    expect(firstText(awaiting?.result ?? { content: [] })).toBe(ABORTED_TEXT);
    expect(deferred?.errorType).toBe("aborted");
    expect(describeEvents(events)).toContain("tool_approval_resolved:c1");
    expect(describeEvents(events).filter((entry) => entry.startsWith("tool_result"))).toHaveLength(
      3,
    );
  });

  it("should reject an invalid batchId with INVALID_ARGUMENT before any event", async () => {
    const { events, onEvent } = recordEvents();
    for (const batchId of ["", "a:b", "x".repeat(129)]) {
      const running = executeToolBatch([call("c1", "read")], { tools: [], onEvent, batchId });
      await expect(running).rejects.toSatisfy(
        (error) => ToolBatchError.isInstance(error) && error.code === "INVALID_ARGUMENT",
      );
    }
    expect(events).toEqual([]);
  });

  it("should give every call of a batch the idempotency key batchId:toolCallId", async () => {
    const log = createExecutionLog();
    const { read } = createReadAndSend(log);
    await executeToolBatch([call("c1", "read"), call("c2", "read")], {
      tools: [read],
      batchId: "batch.7",
    });
    expect(log.keys.sort()).toEqual(["batch.7:c1", "batch.7:c2"]);
  });
});
