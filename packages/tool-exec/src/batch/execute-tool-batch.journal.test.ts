import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createMemoryJournal } from "../journal/create-memory-journal";
import type { JournalRecord } from "../journal/journal-record";
import { listOpenToolBatches } from "../journal/list-open-tool-batches";
import { loadSuspendedToolBatch } from "../journal/load-suspended-tool-batch";
import { submitToolDecision } from "../journal/submit-tool-decision";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import type { SuspendedBatch } from "../model/suspended-batch";
import { ToolBatchError, type ToolBatchErrorCode } from "../model/tool-batch-error";
import { expectComplete, firstText } from "../test-support";
import {
  call,
  createExecutionLog,
  createReadAndSend,
  createTestTool,
  expectSuspended,
  roundTrip,
} from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";
import type { ToolExecutionEvent } from "./tool-events";

/** A memory journal that logs each write, in the same log as the events and executions. */
function createLoggedJournal(log: string[]): ToolCallJournal {
  const journal = createMemoryJournal();
  const describe = (record: JournalRecord) =>
    "callId" in record ? `journal:${record.t}:${record.callId}` : `journal:${record.t}`;
  return {
    ...journal,
    async append(batchId, records) {
      await journal.append(batchId, records);
      for (const record of records) log.push(describe(record));
    },
    async settle(batchId, record) {
      const written = await journal.settle(batchId, record);
      log.push(describe(record));
      return written;
    },
    async decide(batchId, record) {
      const written = await journal.decide(batchId, record);
      log.push(describe(record));
      return written;
    },
  };
}

const eventLogger = (log: string[]) => (event: ToolExecutionEvent) => {
  if (event.type === "tool_result") log.push(`tool_result:${event.message.toolCallId}`);
  else if (event.type === "tool_batch_suspended") log.push("tool_batch_suspended");
  else log.push(`${event.type}:${event.toolCallId}`);
};

/** A tool that logs `execute:<id>` into the shared log. */
const loggingTool = (name: string, log: string[], extra: Partial<Tool> = {}): Tool =>
  ({
    name,
    description: name,
    async execute(_params: unknown, context: { toolCallId: string }) {
      log.push(`execute:${context.toolCallId}`);
      return { content: [{ type: "text", text: `done ${context.toolCallId}` }] };
    },
    ...extra,
  }) as Tool;

const rejectsWith = async (running: Promise<unknown>, code: ToolBatchErrorCode) => {
  await expect(running).rejects.toSatisfy(
    (error) => ToolBatchError.isInstance(error) && error.code === code,
  );
};

describe("executeToolBatch with a journal", () => {
  it("should write each record at its point: batch, approval, started, settled, then completed", async () => {
    const log: string[] = [];
    const journal = createLoggedJournal(log);
    const tools = [loggingTool("read", log), loggingTool("send", log, { needsApproval: true })];
    const first = expectSuspended(
      await executeToolBatch([call("c1", "read"), call("c2", "send"), call("c3", "missing")], {
        tools,
        journal,
        batchId: "j1",
        onEvent: eventLogger(log),
      }),
    );
    expect(log).toEqual([
      "journal:batch",
      "tool_execution_start:c1",
      "tool_execution_start:c2",
      "journal:approval:c2",
      "tool_approval_requested:c2",
      "tool_execution_start:c3",
      "journal:settled:c3",
      "tool_execution_end:c3",
      "journal:started:c1",
      "execute:c1",
      "journal:settled:c1",
      "tool_execution_end:c1",
      "tool_batch_suspended",
    ]);
    // A suspended batch gave its lock up.
    await (await journal.lock("j1", "test")).release();
    log.length = 0;
    const approvalId = first.pending[0]?.approvalId ?? "";
    const done = expectComplete(
      await resumeToolBatch(roundTrip(first.state), [{ approvalId, decision: "approve" }], {
        tools,
        journal,
        onEvent: eventLogger(log),
      }),
    );
    expect(log).toEqual([
      "journal:decision:c2",
      "journal:revision",
      "tool_approval_resolved:c2",
      "tool_execution_start:c2",
      "journal:started:c2",
      "execute:c2",
      "journal:settled:c2",
      "tool_execution_end:c2",
      "tool_result:c1",
      "tool_result:c2",
      "tool_result:c3",
      "journal:completed",
    ]);
    expect(done.outcomes.map((outcome) => firstText(outcome.result))).toEqual([
      "done c1",
      "done c2",
      "Tool missing not found",
    ]);
    expect(await listOpenToolBatches(journal)).toEqual([]);
  });

  it("should refuse a second resume of the same state with STALE_STATE, running nothing", async () => {
    const executions = createExecutionLog();
    const { read, send } = createReadAndSend(executions);
    const journal = createMemoryJournal();
    const first = expectSuspended(
      await executeToolBatch([call("c1", "send"), call("c2", "send")], {
        tools: [read, send],
        journal,
      }),
    );
    const state = roundTrip(first.state);
    const [one, two] = first.pending;
    await resumeToolBatch(state, [{ approvalId: one?.approvalId ?? "", decision: "approve" }], {
      tools: [read, send],
      journal,
    });
    expect(executions.executed).toEqual(["c1"]);
    await rejectsWith(
      resumeToolBatch(state, [{ approvalId: two?.approvalId ?? "", decision: "approve" }], {
        tools: [read, send],
        journal,
      }),
      "STALE_STATE",
    );
    expect(executions.executed).toEqual(["c1"]);
  });

  it("should refuse a resume while another holder has the batch (BATCH_LOCKED)", async () => {
    const executions = createExecutionLog();
    const { send } = createReadAndSend(executions);
    const journal = createMemoryJournal();
    const first = expectSuspended(
      await executeToolBatch([call("c1", "send")], { tools: [send], journal, batchId: "held" }),
    );
    const lock = await journal.lock("held", "another process");
    const approvalId = first.pending[0]?.approvalId ?? "";
    await rejectsWith(
      resumeToolBatch(first.state, [{ approvalId, decision: "approve" }], {
        tools: [send],
        journal,
      }),
      "BATCH_LOCKED",
    );
    await rejectsWith(
      executeToolBatch([call("c9", "send")], { tools: [send], journal, batchId: "held" }),
      "BATCH_LOCKED",
    );
    await lock.release();
    expect(executions.executed).toEqual([]);
  });

  it("should apply decisions submitted from elsewhere: first wins, a conflicting one is ALREADY_DECIDED", async () => {
    const executions = createExecutionLog();
    const { send } = createReadAndSend(executions);
    const journal = createMemoryJournal();
    const first = expectSuspended(
      await executeToolBatch([call("c1", "send"), call("c2", "send")], {
        tools: [send],
        journal,
        batchId: "reviewed",
      }),
    );
    const [one, two] = first.pending.map((request) => request.approvalId);
    const deny = { approvalId: one ?? "", decision: "deny" as const, message: "no", by: "ann" };
    expect(await submitToolDecision(journal, "reviewed", deny)).toBe("recorded");
    expect(await submitToolDecision(journal, "reviewed", deny)).toBe("duplicate");
    await rejectsWith(
      submitToolDecision(journal, "reviewed", { approvalId: one ?? "", decision: "approve" }),
      "ALREADY_DECIDED",
    );
    await rejectsWith(
      submitToolDecision(journal, "reviewed", { approvalId: "nope", decision: "approve" }),
      "UNKNOWN_APPROVAL",
    );
    const loaded = await loadSuspendedToolBatch(journal, "reviewed");
    expect(loaded.calls.map((entry) => entry.status)).toEqual([
      "awaiting_approval",
      "awaiting_approval",
    ]);
    await rejectsWith(
      resumeToolBatch(loaded, [{ approvalId: one ?? "", decision: "approve" }], {
        tools: [send],
        journal,
      }),
      "ALREADY_DECIDED",
    );
    const done = expectComplete(
      await resumeToolBatch(loaded, [{ approvalId: two ?? "", decision: "approve" }], {
        tools: [send],
        journal,
      }),
    );
    expect(executions.executed).toEqual(["c2"]);
    expect(done.outcomes[0]).toMatchObject({
      errorType: "approval_denied",
      approval: { decision: "deny", message: "no", by: "ann" },
    });
  });

  it("should end a call whose started record cannot be written as journal_error, without executing it", async () => {
    const executions = createExecutionLog();
    const tool = createTestTool({ name: "work", log: executions });
    const journal = createMemoryJournal();
    const failing: ToolCallJournal = {
      ...journal,
      append: (batchId, records) =>
        records.some((record) => record.t === "started")
          ? Promise.reject(new Error("disk full"))
          : journal.append(batchId, records),
    };
    const done = expectComplete(
      await executeToolBatch([call("c1", "work")], { tools: [tool], journal: failing }),
    );
    expect(executions.executed).toEqual([]);
    expect(done.outcomes[0]?.errorType).toBe("journal_error");
    expect(firstText(done.outcomes[0]?.result ?? { content: [] })).toContain("disk full");
  });

  it("should record decide's in-process verdicts as decisions, so recovery never asks again", async () => {
    const log: string[] = [];
    const journal = createLoggedJournal(log);
    const tools = [loggingTool("send", log, { needsApproval: true })];
    await executeToolBatch([call("c1", "send")], {
      tools,
      journal,
      batchId: "decided",
      approval: { decide: () => ({ decision: "approve", by: "allow-list" }) },
      onEvent: eventLogger(log),
    });
    expect(log).toEqual([
      "journal:batch",
      "tool_execution_start:c1",
      "journal:approval:c1",
      "tool_approval_requested:c1",
      "journal:decision:c1",
      "tool_approval_resolved:c1",
      "journal:started:c1",
      "execute:c1",
      "journal:settled:c1",
      "tool_execution_end:c1",
      "tool_result:c1",
      "journal:completed",
    ]);
    const records = await journal.read("decided");
    expect(records.find((record) => record.t === "decision")).toMatchObject({
      decision: "approve",
      by: "allow-list",
    });
  });

  it("should reject a bad maxAttempts before anything runs", async () => {
    await rejectsWith(
      executeToolBatch([call("c1", "x")], { tools: [], maxAttempts: 0 }),
      "INVALID_ARGUMENT",
    );
    const state = { type: "x" } as unknown as SuspendedBatch;
    await rejectsWith(
      resumeToolBatch(state, [], { tools: [], maxAttempts: 1.5 }),
      "INVALID_ARGUMENT",
    );
  });
});
