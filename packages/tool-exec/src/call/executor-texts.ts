import { describeThrown } from "../describe-thrown";
/**
 * Every text the executor writes into an error result, in one place: they are part of the contract
 * and the model reads them, so tests import them rather than retyping them.
 */

/** The call did not run because the run's signal had aborted. */
export const ABORTED_TEXT = "Operation aborted";

/** `beforeToolCall` blocked the call without giving a reason. */
export const BLOCKED_TEXT = "Tool execution was blocked";

/** The model called a name that no registered tool has (the name as the model wrote it). */
export function toolNotFoundText(name: string): string {
  return `Tool ${name} not found`;
}

/**
 * The call ran past its time limit. `settled` says whether the tool stopped on its own once its
 * signal aborted (within the grace period) or had to be abandoned.
 */
export function timeoutText(name: string, timeoutMs: number, settled: boolean): string {
  return settled
    ? `Tool ${name} timed out after ${timeoutMs} ms; it was aborted and stopped.`
    : `Tool ${name} timed out after ${timeoutMs} ms; it was aborted but did not stop, so it was abandoned and any late result is discarded.`;
}

/** The text `failTruncatedToolCalls` gives every call of a cut-off assistant message. */
export function truncatedToolCallText(name: string): string {
  return `Tool call "${name}" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.`;
}

/** A tool declares a seam the run does not provide. */
export function seamNotProvidedText(seamName: string): string {
  return `Seam ${seamName} is not provided`;
}

/** A result tool's `execute` returned something that is not a `ToolResult`. */
export function invalidResultText(name: string, reason: string): string {
  return `Tool ${name} returned an invalid result: ${reason}`;
}

/** `afterToolCall` replaced a field with something the result cannot carry. */
export function invalidHookResultText(name: string, reason: string): string {
  return `afterToolCall returned an invalid result for tool ${name}: ${reason}`;
}

/** The journal could not record a call's intent to execute, so it did not execute. */
export function journalErrorText(error: unknown): string {
  return `The call was not executed: its journal record could not be written (${describeThrown(error)})`;
}
