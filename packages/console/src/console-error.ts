const consoleErrorBrand = Symbol.for("@toolwright/console.ConsoleError");

/** What went wrong setting up a console, as a stable string to branch on. */
export type ConsoleErrorCode =
  /** An option of `createConsoleHandler` or `serveConsole` is missing or invalid (`auth` above all). */
  | "INVALID_OPTIONS"
  /** The CLI was started with arguments it cannot use. */
  | "INVALID_ARGUMENTS"
  /** `--pg` needs `@toolwright/journal-postgres` and `pg`, and one of them is not installed. */
  | "MISSING_PEER";

/** The error class of `@toolwright/console`. */
export class ConsoleError extends Error {
  readonly code: ConsoleErrorCode;

  /** An error with `code` and `message`, and the error that caused it when there is one. */
  constructor(code: ConsoleErrorCode, message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ConsoleError";
    this.code = code;
    Object.defineProperty(this, consoleErrorBrand, { value: true });
  }

  /** Whether `value` is a `ConsoleError`, also one made by another copy of this package. */
  static isInstance(value: unknown): value is ConsoleError {
    return typeof value === "object" && value !== null && consoleErrorBrand in value;
  }
}
