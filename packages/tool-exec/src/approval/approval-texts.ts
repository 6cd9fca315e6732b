/**
 * The texts approval writes into error results. The model reads them, so
 * they are contract; tests import them rather than retyping them. An abort while a call awaits
 * approval uses the executor's `ABORTED_TEXT`.
 */

/** A human denied the call; `message` is their reason, shown when present and not empty. */
export function approvalDeniedText(name: string, message?: string): string {
  const base = `Tool ${name} was not executed: the user denied the call.`;
  return message === undefined || message === "" ? base : `${base} Reason: ${message}`;
}

/** The request expired without a decision; `ttlMs` is the time it was open for. */
export function approvalExpiredText(name: string, ttlMs: number): string {
  return `Tool ${name} was not executed: the approval request expired after ${ttlMs} ms without a decision.`;
}

/** `needsApproval` (the tool's or the batch's) threw, rejected or returned something unusable. */
export function needsApprovalFailedText(name: string, message: string): string {
  return `needsApproval of tool ${name} failed: ${message}`;
}

/** `approval.decide` threw, rejected or returned something that is not a verdict. */
export function approvalFailedText(name: string, message: string): string {
  return `Approval of tool ${name} failed: ${message}`;
}

/** A nested call (through `ToolRunnerSeam`) needs approval and `decide` gave no verdict. */
export function nestedApprovalText(name: string): string {
  return `Tool ${name} needs approval and cannot run as a nested call`;
}
