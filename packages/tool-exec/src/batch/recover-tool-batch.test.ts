import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { serializeOutcome } from "../approval/serialize-outcome";
import { createMemoryJournal } from "../journal/create-memory-journal";
import type { JournalRecord } from "../journal/journal-record";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import { listOpenToolBatches } from "../journal/list-open-tool-batches";
import { loadSuspendedToolBatch } from "../journal/load-suspended-tool-batch";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { ToolBatchError } from "../model/tool-batch-error";
import { describeEvents, expectComplete, firstText, recordEvents } from "../test-support";
import { call, expectSuspended } from "./approval-test-support";
import { recoverToolBatch } from "./recover-tool-batch";

const AT = "2026-12-01T14:00:00.000Z";

interface Run {
  readonly id: string;
  readonly attempt: number;
  readonly key: string;
}

function createTools(runs: Run[]): Tool[] {
  const make = (name: string, replay: "never" | "safe", needsApproval?: boolean): Tool =>
    ({
      name,
      description: name,
      replay,
      ...(needsApproval === true ? { needsApproval: true } : {}),
      execute(
        _params: unknown,
        context: { toolCallId: string; attempt: number; idempotencyKey: string },
      ) {
        runs.push({
          id: context.toolCallId,
          attempt: context.attempt,
          key: context.idempotencyKey,
        });
        return { content: [{ type: "text", text: `ran ${context.toolCallId}` }] };
      },
    }) as Tool;
  return [make("never", "never"), make("safe", "safe"), make("gated", "never", true)];
}

/** A journal holding a crashed batch: its calls, then the given records. */
async function journalWith(
  batchId: string,
  calls: readonly ToolCall[],
  records: readonly JournalRecord[],
): Promise<ToolCallJournal> {
  const journal = createMemoryJournal();
  const lock = await journal.lock(batchId, "the crashed process");
  await journal.append(batchId, [{ t: "batch", v: 1, batchId, at: AT, mode: "parallel", calls }]);
  if (records.length > 0) await journal.append(batchId, records);
  await lock.release();
  return journal;
}

const started = (callId: string, attempt: number, replay: "never" | "safe"): JournalRecord => ({
  t: "started",
  callId,
  attempt,
  replay,
  at: AT,
});

describe("recoverToolBatch", () => {
  it("should follow the recovery table for each call of a crashed batch", async () => {
    const runs: Run[] = [];
    const tools = createTools(runs);
    const calls = [
      call("settled", "never"),
      call("interrupted", "never"),
      call("replayed", "safe"),
      call("exhausted", "safe"),
      call("gone", "removed"),
      call("untouched", "never"),
    ];
    const settledOutcome = serializeOutcome({
      toolCall: calls[0] as ToolCall,
      result: { content: [{ type: "text", text: "from before" }] },
      isError: false,
      durationMs: 3,
    });
    const journal = await journalWith("crashed", calls, [
      started("settled", 1, "never"),
      { t: "settled", callId: "settled", at: AT, outcome: settledOutcome },
      started("interrupted", 1, "never"),
      started("replayed", 1, "safe"),
      started("exhausted", 1, "safe"),
      started("exhausted", 2, "safe"),
      started("exhausted", 3, "safe"),
      started("gone", 1, "safe"),
    ]);
    expect(await listOpenToolBatches(journal)).toEqual(["crashed"]);
    const { events, onEvent } = recordEvents();
    const done = expectComplete(await recoverToolBatch("crashed", { tools, journal, onEvent }));
    expect(runs).toEqual([
      { id: "replayed", attempt: 2, key: "crashed:replayed" },
      { id: "untouched", attempt: 1, key: "crashed:untouched" },
    ]);
    expect(done.outcomes.map((outcome) => firstText(outcome.result))).toEqual([
      "from before",
      interruptedText("never"),
      "ran replayed",
      interruptedTimesText("safe", 3),
      interruptedText("removed"),
      "ran untouched",
    ]);
    expect(done.outcomes.map((outcome) => outcome.errorType)).toEqual([
      undefined,
      "interrupted",
      undefined,
      "interrupted",
      "interrupted",
      undefined,
    ]);
    const starts = events.filter((event) => event.type === "tool_execution_start");
    expect(starts).toMatchObject([
      { toolCallId: "replayed", resumed: true, attempt: 2 },
      { toolCallId: "untouched" },
    ]);
    expect(describeEvents(events)).not.toContain("tool_execution_end:settled");
    const records = await journal.read("crashed");
    const recoveries = records.flatMap((record) =>
      record.t === "settled" && record.recovery !== undefined
        ? [[record.callId, record.recovery]]
        : [],
    );
    expect(recoveries).toEqual([
      ["interrupted", "interrupted"],
      ["exhausted", "attempts_exhausted"],
      ["gone", "interrupted"],
    ]);
    expect(
      records.filter((record) => record.t === "started" && record.callId === "replayed"),
    ).toHaveLength(2);
    expect(await listOpenToolBatches(journal)).toEqual([]);
  });

  it("should honour maxAttempts for the crash-loop guard", async () => {
    const runs: Run[] = [];
    const journal = await journalWith("looping", [call("c1", "safe")], [started("c1", 1, "safe")]);
    const done = expectComplete(
      await recoverToolBatch("looping", { tools: createTools(runs), journal, maxAttempts: 1 }),
    );
    expect(runs).toEqual([]);
    expect(firstText(done.outcomes[0]?.result ?? { content: [] })).toBe(
      interruptedTimesText("safe", 1),
    );
  });

  it("should keep an approval without a decision awaiting, and apply a journaled decision", async () => {
    const runs: Run[] = [];
    const tools = createTools(runs);
    const approval = (callId: string, approvalId: string): JournalRecord => ({
      t: "approval",
      callId,
      approvalId,
      at: AT,
    });
    const journal = await journalWith(
      "pending",
      [call("c1", "gated"), call("c2", "gated"), call("c3", "gated")],
      [
        approval("c1", "a1"),
        approval("c2", "a2"),
        approval("c3", "a3"),
        { t: "decision", callId: "c2", approvalId: "a2", decision: "approve", by: "bob", at: AT },
        { t: "decision", callId: "c3", approvalId: "a3", decision: "deny", at: AT },
      ],
    );
    const loaded = await loadSuspendedToolBatch(journal, "pending");
    expect(loaded.calls.map((entry) => entry.status)).toEqual([
      "awaiting_approval",
      "awaiting_approval",
      "awaiting_approval",
    ]);
    const again = expectSuspended(await recoverToolBatch("pending", { tools, journal }));
    expect(runs.map((run) => run.id)).toEqual(["c2"]);
    expect(again.pending.map((request) => request.approvalId)).toEqual(["a1"]);
    expect(again.state.revision).toBe(1);
    expect(again.state.calls[2]).toMatchObject({
      status: "settled",
      outcome: { errorType: "approval_denied" },
    });
  });

  it("should refuse to load a crashed batch as suspended, and reject an unknown batch", async () => {
    const journal = await journalWith("half", [call("c1", "never")], [started("c1", 1, "never")]);
    await expect(loadSuspendedToolBatch(journal, "half")).rejects.toSatisfy(
      (error) => ToolBatchError.isInstance(error) && error.code === "INVALID_STATE",
    );
    await expect(recoverToolBatch("unknown", { tools: [], journal })).rejects.toSatisfy(
      (error) => ToolBatchError.isInstance(error) && error.code === "INVALID_STATE",
    );
  });
});
