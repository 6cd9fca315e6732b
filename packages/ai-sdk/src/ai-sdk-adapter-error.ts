import type { ToolCallErrorType } from "@toolwright/tool-exec";
import type { AiSdkToolResultOutput } from "./ai-sdk-tool-output";

/** Why the adapter refused or a call failed: a string union to branch on. */
export type AiSdkAdapterErrorCode =
  /** A call ended as an error result (Toolwright's `isError`): the AI SDK reports a tool error. */
  | "TOOL_ERROR"
  /** A call's arguments failed Toolwright's validation (after lossless repair); the AI SDK reports invalid input. */
  | "INVALID_ARGUMENTS"
  /** The adapter was given something it cannot use: not a registry or an array of tools, say. */
  | "INVALID_ARGUMENT";

/** Options of {@link AiSdkAdapterError}. */
export interface AiSdkAdapterErrorOptions {
  readonly cause?: unknown;
  /** The error result, for `TOOL_ERROR`. */
  readonly result?: AiSdkToolResultOutput | undefined;
  /** Why the call failed, for `TOOL_ERROR`. */
  readonly errorType?: ToolCallErrorType | undefined;
}

const brand = Symbol.for("@toolwright/ai-sdk/AiSdkAdapterError");

/**
 * The one error class of `@toolwright/ai-sdk`. A tool made by `toAiSdkTools` throws it for a call
 * that ended as an error result, so the AI SDK reports a tool error (`tool-error` parts, the
 * `output-error` state of UI tool parts) whose text is exactly what Toolwright tells the model:
 * `toString()` and `toJSON()` give the message alone, without a class-name prefix.
 */
export class AiSdkAdapterError extends Error {
  readonly code: AiSdkAdapterErrorCode;
  /** The error result, with its `details`, for `TOOL_ERROR`. */
  readonly result: AiSdkToolResultOutput | undefined;
  /** Why the call failed, for `TOOL_ERROR`. */
  readonly errorType: ToolCallErrorType | undefined;

  /** An error with `code`, `message` and, for `TOOL_ERROR`, the result and error type. */
  constructor(
    code: AiSdkAdapterErrorCode,
    message: string,
    options: AiSdkAdapterErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AiSdkAdapterError";
    this.code = code;
    this.result = options.result;
    this.errorType = options.errorType;
    Object.defineProperty(this, brand, { value: true });
  }

  /** The AI SDK shows a tool error to the model as `String(error)`: the message alone. */
  override toString(): string {
    return this.message;
  }

  /** The AI SDK's JSON error output: the message alone. */
  toJSON(): string {
    return this.message;
  }

  /** Whether `value` is an `AiSdkAdapterError`, also from another copy of this package. */
  static isInstance(value: unknown): value is AiSdkAdapterError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[brand] === true
    );
  }
}
