import type { CoercionChange, SchemaIssue } from "@toolwright/schema-coerce";
import { ToolError } from "./tool-error";

const toolArgumentsErrorBrand = Symbol.for("@toolwright/tool-core.ToolArgumentsError");

/** Options of {@link ToolArgumentsError}. */
export interface ToolArgumentsErrorOptions {
  readonly issues?: readonly SchemaIssue[] | undefined;
  readonly changes?: readonly CoercionChange[] | undefined;
  readonly cause?: unknown;
}

/**
 * A tool call's arguments could not be used. The message is written for the model (it becomes
 * the error result's text); `issues` and `changes` are for programs.
 */
export class ToolArgumentsError extends ToolError {
  /** Every validation issue, with JSON Pointer paths; empty when the text was not a JSON object. */
  readonly issues: readonly SchemaIssue[];
  /** The coercions that were applied before validation gave up. */
  readonly changes: readonly CoercionChange[];

  /** Creates the error with the issues and coercions of `options`; `options.cause` is kept as the error's `cause`. */
  constructor(message: string, options: ToolArgumentsErrorOptions = {}) {
    super("INVALID_ARGUMENTS", message, { cause: options.cause });
    this.name = "ToolArgumentsError";
    this.issues = options.issues ?? [];
    this.changes = options.changes ?? [];
    Object.defineProperty(this, toolArgumentsErrorBrand, { value: true });
  }

  /** Whether `value` is a `ToolArgumentsError`, also from another copy of this package. */
  static override isInstance(value: unknown): value is ToolArgumentsError {
    return typeof value === "object" && value !== null && toolArgumentsErrorBrand in value;
  }
}
