import {
  submitToolDecision,
  type ToolApprovalDecision,
  ToolBatchError,
} from "@toolwright/tool-exec";
import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { MAX_MESSAGE_LENGTH } from "../pages/approvals-view";
import { answerApprovals } from "./approvals-route";
import { describeDecisionRecord, findDecision } from "./describe-decision";

/**
 * `POST <basePath>/approvals/decide` (after the origin, session and CSRF checks): records the
 * reviewer's decision with `submitToolDecision`. Success redirects to the inbox, which says what
 * was recorded. A conflicting decision (someone was faster) answers 409 with the inbox and the
 * first decider's name and verdict; an unknown or settled call, 404 or 409 likewise.
 */
export async function answerDecision(
  c: Context<ConsoleEnv>,
  console: ConsoleContext,
  form: URLSearchParams,
) {
  const { journal } = console.options;
  const session = c.get("session");
  const batchId = form.get("batchId") ?? "";
  const approvalId = form.get("approvalId") ?? "";
  const verdict = form.get("decision");
  const message = form.get("message")?.trim() ?? "";
  const refuse = (status: 400 | 404 | 409, text: string) =>
    answerApprovals(c, console, { notice: { tone: "refused", text }, status });
  if (batchId === "" || approvalId === "" || (verdict !== "approve" && verdict !== "deny"))
    return refuse(400, "The form must name a batch, an approval and approve or deny.");
  if (message.length > MAX_MESSAGE_LENGTH)
    return refuse(400, `The message is longer than ${MAX_MESSAGE_LENGTH} characters.`);
  const decision: ToolApprovalDecision =
    verdict === "approve"
      ? { approvalId, decision: "approve", by: session.reviewer }
      : {
          approvalId,
          decision: "deny",
          by: session.reviewer,
          ...(message === "" ? {} : { message }),
        };
  try {
    await submitToolDecision(journal, batchId, decision);
  } catch (error) {
    if (!ToolBatchError.isInstance(error)) throw error;
    switch (error.code) {
      case "ALREADY_DECIDED": {
        const found = findDecision(await journal.read(batchId), approvalId);
        const first = found === undefined ? undefined : describeDecisionRecord(found);
        return refuse(
          409,
          first === undefined
            ? "Not recorded: this call already has its result."
            : `Not recorded: someone decided first. ${first}`,
        );
      }
      case "UNKNOWN_APPROVAL":
      case "INVALID_STATE":
        return refuse(404, "Not recorded: the journal has no such pending approval.");
      case "INVALID_ARGUMENT":
        return refuse(409, `Not recorded: ${error.message}`);
      default:
        return refuse(400, `Not recorded: ${error.message}`);
    }
  }
  const decided = encodeURIComponent(`${batchId}/${approvalId}`);
  return c.redirect(`${console.paths.approvals}?decided=${decided}`, 303);
}
