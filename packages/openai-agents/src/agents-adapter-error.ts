/** Why the adapter refused: a string union to branch on. */
export type AgentsAdapterErrorCode =
  /** `toAgentsTools` was given something it cannot use: not a registry or an array of tools, say. */
  "INVALID_ARGUMENT";

/** Options of {@link AgentsAdapterError}. */
export interface AgentsAdapterErrorOptions {
  readonly cause?: unknown;
}

const brand = Symbol.for("@toolwright/openai-agents/AgentsAdapterError");

/** The one error class of `@toolwright/openai-agents`; `code` says what went wrong. */
export class AgentsAdapterError extends Error {
  readonly code: AgentsAdapterErrorCode;

  /** An error with `code` and `message`, and the error that caused it when there is one. */
  constructor(
    code: AgentsAdapterErrorCode,
    message: string,
    options: AgentsAdapterErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AgentsAdapterError";
    this.code = code;
    Object.defineProperty(this, brand, { value: true });
  }

  /** Whether `value` is an `AgentsAdapterError`, also from another copy of this package. */
  static isInstance(value: unknown): value is AgentsAdapterError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[brand] === true
    );
  }
}
