import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolApprovalDecision } from "./tool-approval-decision";

/**
 * Untrusted decisions as checked private copies: each field is read once, and anything but an
 * array of `{ approvalId: string, decision: "approve" | "deny", message?: string, by?: string }`
 * throws `ToolBatchError` `INVALID_DECISION` naming the index. A `message` on an approval is not
 * kept (only a denial's message reaches the model).
 */
export function readToolApprovalDecisions(value: unknown): ToolApprovalDecision[] {
  let length: number;
  try {
    if (!Array.isArray(value)) throw invalidDecision("decisions must be an array");
    length = value.length;
  } catch (error) {
    throw ToolBatchError.isInstance(error)
      ? error
      : invalidDecision("decisions could not be read", error);
  }
  const decisions: ToolApprovalDecision[] = [];
  for (let index = 0; index < length; index++) {
    decisions.push(readDecision(value, index));
  }
  return decisions;
}

function readDecision(list: readonly unknown[], index: number): ToolApprovalDecision {
  const where = `decisions[${index}]`;
  let fields: { approvalId: unknown; decision: unknown; message: unknown; by: unknown };
  try {
    const item: unknown = list[index];
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      throw invalidDecision(`${where} must be an object`);
    }
    const { approvalId, decision, message, by } = item as Record<string, unknown>;
    fields = { approvalId, decision, message, by };
  } catch (error) {
    throw ToolBatchError.isInstance(error)
      ? error
      : invalidDecision(`${where} could not be read`, error);
  }
  const { approvalId, decision, message, by } = fields;
  if (typeof approvalId !== "string") throw invalidDecision(`${where}.approvalId must be a string`);
  if (decision !== "approve" && decision !== "deny") {
    throw invalidDecision(`${where}.decision must be "approve" or "deny"`);
  }
  if (message !== undefined && typeof message !== "string") {
    throw invalidDecision(`${where}.message must be a string`);
  }
  if (by !== undefined && typeof by !== "string") {
    throw invalidDecision(`${where}.by must be a string`);
  }
  const byField = by === undefined ? {} : { by };
  if (decision === "approve") return { approvalId, decision, ...byField };
  return { approvalId, decision, ...(message === undefined ? {} : { message }), ...byField };
}

function invalidDecision(problem: string, cause?: unknown): ToolBatchError {
  return new ToolBatchError(
    "INVALID_DECISION",
    `Invalid decision: ${problem}`,
    cause === undefined ? undefined : { cause },
  );
}
