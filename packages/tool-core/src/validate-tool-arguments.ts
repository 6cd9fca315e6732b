import type { CoercionChange } from "@toolwright/schema-coerce";
import type { Tool, ToolParamsOf } from "./define-tool";
import { safeValidateToolArguments } from "./safe-validate-tool-arguments";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";

/**
 * {@link safeValidateToolArguments}, throwing: returns the validated params of `tool` or throws
 * its {@link ToolArgumentsError}, whose message is written for the model. Synchronous: for a
 * Standard Schema whose library validates asynchronously it throws a `ToolArgumentsError` naming
 * `safeValidateToolArguments`, which handles that case.
 */
export function validateToolArguments<TTool extends Tool>(
  tool: TTool,
  toolCall: ToolCall,
): ToolParamsOf<TTool> {
  return settleArgumentsSynchronously(tool, safeValidateToolArguments(tool, toolCall)).params;
}

/** The params and changes of a validation that succeeded synchronously. */
export interface ResolvedToolArguments<TParams> {
  /** The validated, coerced params: a private copy. */
  readonly params: TParams;
  /** Each coercion applied to get them (`[]` when the arguments were valid as written). */
  readonly changes: readonly CoercionChange[];
}

/**
 * The params and changes of a synchronous validation `result`, else the `ToolArgumentsError` to
 * throw: its own, or one saying that `tool` validates asynchronously.
 */
export function settleArgumentsSynchronously<TTool extends Tool>(
  tool: TTool,
  result: ToolArgumentsResult<ToolParamsOf<TTool>> | Promise<unknown>,
): ResolvedToolArguments<ToolParamsOf<TTool>> {
  if (result instanceof Promise) {
    throw new ToolArgumentsError(
      `Tool "${tool.name}" validates its arguments asynchronously: use safeValidateToolArguments, which returns a Promise for it`,
    );
  }
  if (!result.ok) throw result.error;
  return result;
}
