// Record builders for the journal contract cases.
import type { ToolCall } from "@toolwright/tool-core";
import type {
  BatchRecord,
  DecisionRecord,
  JournalRecord,
  SettledRecord,
  StartedRecord,
} from "../journal/journal-record";

const at = "2026-12-01T14:00:00.000Z";

/** A fresh batch id per case, so cases can share one store. */
export function uniqueBatchId(label: string): string {
  return `contract-${label}-${crypto.randomUUID()}`;
}

export function toolCall(id: string, args: Record<string, unknown> = { value: id }): ToolCall {
  return { type: "toolCall", id, name: "echo", arguments: args };
}

export function batchRecord(
  batchId: string,
  callIds: readonly string[] = ["c1", "c2"],
): BatchRecord {
  return {
    t: "batch",
    v: 1,
    batchId,
    at,
    mode: "parallel",
    calls: callIds.map((id) => toolCall(id)),
  };
}

export function startedRecord(callId: string, attempt = 1): StartedRecord {
  return { t: "started", callId, attempt, replay: "never", at };
}

export function settledRecord(callId: string, text = `result of ${callId}`): SettledRecord {
  return {
    t: "settled",
    callId,
    at,
    attempt: 1,
    outcome: {
      result: { content: [{ type: "text", text }], details: { text } },
      isError: false,
      durationMs: 3,
    },
  };
}

export function decisionRecord(
  callId: string,
  decision: "approve" | "deny" = "approve",
  by = "reviewer-1",
): DecisionRecord {
  return { t: "decision", callId, approvalId: `approval-${callId}`, decision, by, at };
}

export function completedRecord(): JournalRecord {
  return { t: "completed", at };
}

/** The records of `records` without decisions (a journal may return decisions after the rest). */
export function withoutDecisions(records: readonly JournalRecord[]): JournalRecord[] {
  return records.filter((record) => record.t !== "decision");
}
