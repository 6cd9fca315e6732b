import type { Tool } from "@toolwright/tool-core";
import { withApproval } from "../call/approve-tool-call";
import { type BeforeExecute, executePreparedCall } from "../call/execute-prepared-call";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import type { ToolRun } from "../call/tool-run";
import type { BatchJournal } from "../journal/batch-journal";
import type { ReadyBatchCall } from "./prepare-batch-call";

/**
 * Steps 6–7 of a call of a batch, with its `started` record written right before `execute` when
 * the batch has a journal; the outcome carries how approval resolved the call, if it did.
 */
export function executeReadyCall(
  ready: ReadyBatchCall,
  run: ToolRun,
  journal: BatchJournal | undefined,
): Promise<ToolCallOutcome> {
  const { prepared, attempt } = ready;
  let beforeExecute: BeforeExecute | undefined;
  if (journal !== undefined) {
    const replay = readReplay(prepared.tool);
    beforeExecute = () => journal.started(prepared.toolCall.id, attempt, replay);
  }
  const executing = executePreparedCall(prepared, run, attempt, beforeExecute);
  const approval = ready.approval;
  if (approval === undefined) return executing;
  return executing.then((outcome) => withApproval(outcome, approval));
}

/** The tool's replay policy; anything but `"safe"` (a throwing getter included) is `"never"`. */
export function readReplay(tool: Tool): "never" | "safe" {
  try {
    return tool.replay === "safe" ? "safe" : "never";
  } catch {
    return "never";
  }
}
