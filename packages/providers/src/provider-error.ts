/** Why a provider adapter refused: a string union, so programs can branch on it. */
export type ProviderErrorCode =
  | "UNSUPPORTED_SCHEMA"
  | "NAME_COLLISION"
  | "INVALID_RESPONSE"
  | "INVALID_ARGUMENT";

/** Options of {@link ProviderError}. */
export interface ProviderErrorOptions {
  readonly cause?: unknown;
}

const brand = Symbol.for("@toolwright/providers/ProviderError");

/**
 * The one error class of `@toolwright/providers`. `code` says what went wrong; the message says
 * where (which tool, which JSON Pointer, which field of a provider response).
 */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: ProviderErrorCode, message: string, options: ProviderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ProviderError";
    this.code = code;
    Object.defineProperty(this, brand, { value: true });
  }

  /** Whether `value` is a `ProviderError`, also when it comes from another copy of this package. */
  static isInstance(value: unknown): value is ProviderError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[brand] === true
    );
  }
}
