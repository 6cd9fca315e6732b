import { describe, expect, it } from "vitest";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import { createMemoryJournal } from "../journal/create-memory-journal";
import { loadSuspendedToolBatch } from "../journal/load-suspended-tool-batch";
import { submitToolDecision } from "../journal/submit-tool-decision";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { ToolBatchError } from "../model/tool-batch-error";
import { expectComplete, recordEvents } from "../test-support";
import {
  call,
  createExecutionLog,
  createReadAndSend,
  expectSuspended,
} from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";

/**
 * A memory journal where another reviewer submits `rival` for call `callId` right before the
 * resume's own decision for that call is written: the race between a resume's read and its write.
 */
function createRacedJournal(batchId: string, callId: string) {
  const inner = createMemoryJournal();
  let rival: ToolApprovalDecision | undefined;
  const journal: ToolCallJournal = {
    ...inner,
    async decide(id, record) {
      if (rival !== undefined && record.callId === callId) {
        await submitToolDecision(inner, batchId, rival);
        rival = undefined;
      }
      return inner.decide(id, record);
    },
  };
  return { journal, arm: (decision: ToolApprovalDecision) => (rival = decision) };
}

async function suspendTwo(journal: ToolCallJournal, batchId: string) {
  const executions = createExecutionLog();
  const { send } = createReadAndSend(executions);
  const first = expectSuspended(
    await executeToolBatch([call("c1", "send"), call("c2", "send")], {
      tools: [send],
      journal,
      batchId,
    }),
  );
  const [one, two] = first.pending.map((request) => request.approvalId ?? "");
  return { executions, send, state: first.state, one: one ?? "", two: two ?? "" };
}

describe("resumeToolBatch racing a decision from another process", () => {
  it("should reject a conflicting rival with ALREADY_DECIDED, running, emitting and revising nothing, and keep its other decisions journaled", async () => {
    const { journal, arm } = createRacedJournal("raced", "c2");
    const { executions, send, state, one, two } = await suspendTwo(journal, "raced");
    arm({ approvalId: two, decision: "deny", by: "rival" });
    const before = await journal.read("raced");
    const { events, onEvent } = recordEvents();
    await expect(
      resumeToolBatch(
        state,
        [
          { approvalId: one, decision: "approve" },
          { approvalId: two, decision: "approve" },
        ],
        { tools: [send], journal, onEvent },
      ),
    ).rejects.toSatisfy(
      (error) => ToolBatchError.isInstance(error) && error.code === "ALREADY_DECIDED",
    );
    expect(executions.executed).toEqual([]);
    expect(events).toEqual([]);
    // The documented exception: the non-conflicting decision stays, no revision is written.
    const added = (await journal.read("raced")).slice(before.length);
    expect(added.map((record) => [record.t, "callId" in record ? record.callId : ""])).toEqual(
      expect.arrayContaining([
        ["decision", "c1"],
        ["decision", "c2"],
      ]),
    );
    expect(added.some((record) => record.t === "revision")).toBe(false);
    const loaded = await loadSuspendedToolBatch(journal, "raced");
    const done = expectComplete(await resumeToolBatch(loaded, [], { tools: [send], journal }));
    expect(executions.executed).toEqual(["c1"]);
    expect(done.outcomes[1]).toMatchObject({ errorType: "approval_denied" });
  });

  it("should go on when the rival decision is identical", async () => {
    const { journal, arm } = createRacedJournal("same", "c1");
    const { executions, send, state, one } = await suspendTwo(journal, "same");
    arm({ approvalId: one, decision: "approve", by: "ann" });
    const resumed = expectSuspended(
      await resumeToolBatch(state, [{ approvalId: one, decision: "approve", by: "ann" }], {
        tools: [send],
        journal,
      }),
    );
    expect(executions.executed).toEqual(["c1"]);
    expect(resumed.state.calls.map((entry) => entry.status)).toEqual([
      "settled",
      "awaiting_approval",
    ]);
  });
});
