import type { DecisionRecord, JournalRecord, ToolCallJournal } from "@toolwright/tool-exec";

/** The call an approval belongs to, and its first decision, from a batch's records. */
export function findDecision(
  records: readonly JournalRecord[],
  approvalId: string,
):
  | { readonly callId: string; readonly toolName: string; readonly decision?: DecisionRecord }
  | undefined {
  const approval = records.find(
    (record) => record.t === "approval" && record.approvalId === approvalId,
  );
  if (approval === undefined || approval.t !== "approval") return undefined;
  const { callId } = approval;
  const batch = records.find((record) => record.t === "batch");
  const toolName =
    (batch?.t === "batch" ? batch.calls.find((call) => call.id === callId)?.name : undefined) ??
    "unknown tool";
  const decision = records.find(
    (record): record is DecisionRecord => record.t === "decision" && record.callId === callId,
  );
  return { callId, toolName, ...(decision === undefined ? {} : { decision }) };
}

/** `delete_file (call_8_2): denied by alice at 2026-…: not now`, or `undefined` when undecided. */
export function describeDecisionRecord(
  found: NonNullable<ReturnType<typeof findDecision>>,
): string | undefined {
  const { decision } = found;
  if (decision === undefined) return undefined;
  const verdict = decision.decision === "approve" ? "approved" : "denied";
  const message = decision.message === undefined ? "" : `: ${decision.message}`;
  return `${found.toolName} (${found.callId}): ${verdict} by ${decision.by ?? "an unnamed reviewer"} at ${decision.at}${message}`;
}

/** What the journal says was decided on an approval, as one sentence. */
export async function describeDecision(
  journal: ToolCallJournal,
  batchId: string,
  approvalId: string,
): Promise<string | undefined> {
  const found = findDecision(await journal.read(batchId), approvalId);
  return found === undefined ? undefined : describeDecisionRecord(found);
}
