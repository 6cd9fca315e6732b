const toolErrorBrand = Symbol.for("@toolwright/tool-core.ToolError");

/** What went wrong, as a stable string to branch on. */
export type ToolErrorCode =
  /** A tool definition is malformed: bad name, no description, not an object. */
  | "INVALID_TOOL"
  /** `register` got a name that is already registered. */
  | "DUPLICATE_TOOL"
  /** A tool's parameters or output schema does not compile. */
  | "INVALID_SCHEMA"
  /** An output schema has an object node without `additionalProperties`. */
  | "UNSUPPORTED_SCHEMA"
  /** A call's arguments could not be parsed or did not validate. */
  | "INVALID_ARGUMENTS"
  /** A tool used a seam the run does not provide. */
  | "SEAM_NOT_PROVIDED";

/** Options of {@link ToolError}. */
export interface ToolErrorOptions {
  readonly cause?: unknown;
}

/** The error class of `@toolwright/tool-core`; branch on `code`. */
export class ToolError extends Error {
  readonly code: ToolErrorCode;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: ToolErrorCode, message: string, options?: ToolErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolError";
    this.code = code;
    Object.defineProperty(this, toolErrorBrand, { value: true });
  }

  /**
   * Whether `value` is a `ToolError` (or subclass) — also one made by another copy of this package,
   * where `instanceof` would say no.
   */
  static isInstance(value: unknown): value is ToolError {
    return typeof value === "object" && value !== null && toolErrorBrand in value;
  }
}
