const transcriptErrorBrand = Symbol.for("@toolwright/transcript.TranscriptError");

/** What went wrong, as a stable string to branch on. */
export type TranscriptErrorCode =
  /** `parseTranscript` met a line that is not a valid message; `line` says which. */
  | "INVALID_TRANSCRIPT"
  /** A message handed to a function is malformed (bad tool fields, not JSON, not an object). */
  | "INVALID_MESSAGE"
  /** A tool cannot be turned into a declaration (its declaration is not JSON). */
  | "INVALID_TOOL"
  /** An argument outside its allowed values (for example an unknown `support` mode). */
  | "INVALID_ARGUMENT";

/** Options of {@link TranscriptError}. */
export interface TranscriptErrorOptions {
  readonly cause?: unknown;
  /** The 1-based line of a JSONL transcript the error is about. */
  readonly line?: number | undefined;
}

/** The error class of `@toolwright/transcript`; branch on `code`. */
export class TranscriptError extends Error {
  readonly code: TranscriptErrorCode;
  /** The 1-based line number, for errors of `parseTranscript`. */
  readonly line: number | undefined;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: TranscriptErrorCode, message: string, options?: TranscriptErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TranscriptError";
    this.code = code;
    this.line = options?.line;
    Object.defineProperty(this, transcriptErrorBrand, { value: true });
  }

  /**
   * Whether `value` is a `TranscriptError` — also one made by another copy of this package, where
   * `instanceof` would say no.
   */
  static isInstance(value: unknown): value is TranscriptError {
    return typeof value === "object" && value !== null && transcriptErrorBrand in value;
  }
}
