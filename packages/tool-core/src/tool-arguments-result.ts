import type { CoercionChange } from "@toolwright/schema-coerce";
import type { ToolParamsOf } from "./define-tool";
import type { ToolArgumentsError } from "./tool-arguments-error";

/** The arguments of a call were usable: the params the tool gets. */
export interface ValidToolArguments<TParams> {
  readonly ok: true;
  /** The validated, coerced params (a private copy; for a Standard Schema, the library's output). */
  readonly params: TParams;
  /** Each coercion applied to get them (`[]` when the arguments were valid as written). */
  readonly changes: readonly CoercionChange[];
}

/** The arguments of a call were not usable: the error to show the model. */
export interface InvalidToolArguments {
  readonly ok: false;
  /** Its message is written for the model; `issues` and `changes` are for programs. */
  readonly error: ToolArgumentsError;
}

/** What validating a call's arguments gives: the params, or the error. */
export type ToolArgumentsResult<TParams> = ValidToolArguments<TParams> | InvalidToolArguments;

/**
 * What {@link safeValidateToolArguments} returns for `TTool`: the result itself when the tool's
 * parameters are JSON Schema (TypeBox, plain or none), and `result | Promise<result>` when they may
 * be a Standard Schema — its library's `validate` may be asynchronous.
 */
export type SafeValidateToolArgumentsResult<TTool> = [
  Extract<ToolParametersOf<TTool>, { readonly "~standard": unknown }>,
] extends [never]
  ? ToolArgumentsResult<ToolParamsOf<TTool>>
  : ToolArgumentsResult<ToolParamsOf<TTool>> | Promise<ToolArgumentsResult<ToolParamsOf<TTool>>>;

type ToolParametersOf<TTool> = TTool extends { readonly parameters?: infer TParameters }
  ? TParameters
  : never;
