const mcpBridgeErrorBrand = Symbol.for("@toolwright/mcp.McpBridgeError");

/** What went wrong, as a stable string to branch on. */
export type McpBridgeErrorCode =
  /** `mountMcpServer`/`serveRegistry` got options it cannot use (a bad `id`, a negative delay…). */
  | "INVALID_OPTIONS"
  /** The first `tools/list` of a mount failed; nothing was registered. */
  | "LIST_FAILED"
  /** With `onCollision: "throw"`, a tool's name was already taken in the registry. */
  | "NAME_COLLISION"
  /** The operation needs a connected server (e.g. `refresh()` while disconnected). */
  | "NOT_CONNECTED"
  /** The mount was closed. */
  | "CLOSED"
  /**
   * A served tool asked for something its connection cannot carry: sampling or elicitation on a
   * 2026-07-28 connection, where the MCP SDK refuses server-to-client requests.
   */
  | "UNSUPPORTED";

/** Options of {@link McpBridgeError}. */
export interface McpBridgeErrorOptions {
  readonly cause?: unknown;
}

/** The error class of `@toolwright/mcp`; branch on `code`. */
export class McpBridgeError extends Error {
  readonly code: McpBridgeErrorCode;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: McpBridgeErrorCode, message: string, options?: McpBridgeErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "McpBridgeError";
    this.code = code;
    Object.defineProperty(this, mcpBridgeErrorBrand, { value: true });
  }

  /**
   * Whether `value` is an `McpBridgeError` — also one made by another copy of this package, where
   * `instanceof` would say no.
   */
  static isInstance(value: unknown): value is McpBridgeError {
    return typeof value === "object" && value !== null && mcpBridgeErrorBrand in value;
  }
}
