import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { PreparedCall } from "./prepared-call";
import { settleCallWithError } from "./settle-call";

/**
 * Ends a prepared call without executing it — its `lockKeys` failed, an approval was denied — as
 * an executor error result with `text`, and ends its span.
 */
export function failPreparedCall(
  prepared: PreparedCall,
  errorType: ToolCallErrorType,
  text: string,
): ToolCallOutcome {
  return settleCallWithError(prepared.toolCall, prepared.span, errorType, text);
}
