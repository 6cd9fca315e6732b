import type { ServerContext, ToolAnnotations } from "@modelcontextprotocol/server";
import type { Tool } from "@toolwright/tool-core";
import type { RunToolCallOptions } from "@toolwright/tool-exec";

/**
 * Turns the MCP request context (`sessionId`, `http.authInfo`, …) into the hooks' `context`.
 *
 * **Contract:** called once per `tools/call`, before the call runs; must not mutate `request`. May
 * throw: that call becomes an `isError` result with the message. Default: `run.context`.
 */
export type McpRequestContextMapper<TContext> = (request: ServerContext) => TContext;

/**
 * Which registry tools the server offers.
 *
 * **Contract:** must be pure and fast (it runs on every list and call); a throw counts as `false`.
 * Default: every tool (mounted MCP tools are left out unless `includeMounted`).
 */
export type ServedToolFilter = (tool: Tool) => boolean;

/**
 * The MCP annotations a served tool advertises.
 *
 * **Contract:** must be pure; must not mutate the tool. A throw or `undefined` advertises none.
 * Default: none.
 */
export type ServedToolAnnotator = (tool: Tool) => ToolAnnotations | undefined;

/** Options of `serveRegistry`. */
export interface ServeRegistryOptions<TContext = unknown> {
  /**
   * How each call runs: hooks, `seams`, `timeoutMs`, `timeoutGraceMs`, a fixed `context`. Each call
   * also gets `McpRequestSeam`, its MCP request.
   */
  readonly run?: Omit<RunToolCallOptions<TContext>, "tools" | "signal" | "onUpdate">;
  /** See {@link McpRequestContextMapper}. */
  readonly context?: McpRequestContextMapper<TContext>;
  /** See {@link ServedToolFilter}. */
  readonly filter?: ServedToolFilter;
  /** Also offer tools mounted from MCP servers (off by default, which prevents mount ↔ serve loops). */
  readonly includeMounted?: boolean;
  /** See {@link ServedToolAnnotator}. */
  readonly annotations?: ServedToolAnnotator;
  /**
   * What a registry change triggers: by default `server.sendToolListChanged()`, debounced; a
   * function of your own; or `false` for nothing.
   *
   * **Contract (the function form):** called at most once per debounce window, after the changes;
   * should return quickly. May throw: the error is ignored.
   */
  readonly notify?: false | (() => void);
  /** The debounce of `notify`; default 10 ms. */
  readonly listChangedDebounceMs?: number;
  /** Send `notifications/progress` for a tool's updates when the client asked for progress; default `true`. */
  readonly progress?: boolean;
  /**
   * Declare the `logging` capability, so clients can set a level with `logging/setLevel` and
   * served tools' `log` reaches them; default `true`.
   */
  readonly logging?: boolean;
}

/** What `serveRegistry` returns. */
export interface ServedRegistry {
  /** Stops serving: the handlers are removed and registry changes no longer notify. Idempotent. */
  close(): void;
}
