import type { ToolContent } from "@toolwright/tool-core";
import type { McpContentBlock, McpTool } from "./mcp-client-like";
import type { McpMountEventListener } from "./mcp-mount-event";

/** How MCP names become Toolwright names. */
export interface McpNameOptions {
  /**
   * `"portable"` (default) replaces every character outside `[A-Za-z0-9_-]` with `_`; `"mcp"` also
   * keeps `.` (the SEP-986 tool-name pattern).
   */
  readonly charset?: "portable" | "mcp";
  /** The longest name, 10–128; default 64. Longer names are cut and end in `_` + 8 hex of a hash. */
  readonly maxLength?: number;
}

/** The backoff of automatic reconnects (factory sources only). */
export interface McpReconnectOptions {
  /** The first delay; default 250 ms. Each later attempt doubles it, with jitter. */
  readonly initialDelayMs?: number;
  /** The longest delay; default 10 000 ms. */
  readonly maxDelayMs?: number;
  /** Reconnect attempts after a connection was lost; default 5. */
  readonly maxAttempts?: number;
}

/**
 * Decides whether a listed MCP tool is mounted.
 *
 * **Contract:** must be pure and must not mutate the tool. A throw counts as `false`. Runs on every
 * refresh. Default: every tool.
 */
export type McpToolFilter = (tool: McpTool) => boolean;

/**
 * Repairs or hides a listed MCP tool before it is mapped.
 *
 * **Contract:** must not mutate `tool` (return a new object); `undefined` hides the tool. A throw
 * skips the tool with an `INVALID_TOOL` event. Runs on every refresh, before `filter`.
 */
export type McpToolTransform = (tool: McpTool) => McpTool | undefined;

/**
 * The description the model reads for an MCP tool.
 *
 * **Contract:** must be pure; must not mutate the tool. A throw or an empty string falls back to
 * the default: `description`, else `title`, else `annotations.title`, else
 * `MCP tool <name> from server <id>`.
 */
export type McpToolDescriber = (tool: McpTool) => string;

/**
 * Maps one content block of a result, overriding the default table of `mapMcpContent`.
 *
 * **Contract:** must not mutate `block`. `undefined` falls back to the default mapping; `[]` drops
 * the block. A throw makes the call an error result with the thrown message.
 */
export type McpContentMapper = (block: McpContentBlock) => readonly ToolContent[] | undefined;

/** Options of `mountMcpServer`. Only `id` is required. */
export interface McpMountOptions {
  /** A stable name of the server, `^[A-Za-z0-9_-]{1,32}$`: prefixes, lock keys, texts, events. */
  readonly id: string;
  /** Put before every MCP name; default `` `${id}__` ``; `""` keeps the bare names. */
  readonly prefix?: string;
  /** How names are sanitized and shortened. */
  readonly names?: McpNameOptions;
  /** Only these MCP names (exact) are mounted. */
  readonly include?: readonly string[];
  /** These MCP names (exact) are never mounted. */
  readonly exclude?: readonly string[];
  /** See {@link McpToolFilter}. */
  readonly filter?: McpToolFilter;
  /** See {@link McpToolTransform}. */
  readonly transformTool?: McpToolTransform;
  /** See {@link McpToolDescriber}. */
  readonly describe?: McpToolDescriber;
  /** The order of the first listing and of each batch of additions: `"server"` (default) or `"name"`. */
  readonly order?: "server" | "name";
  /** A name already taken in the registry: `"skip"` (default, with an event) or `"throw"` (first mount only). */
  readonly onCollision?: "skip" | "throw";
  /**
   * The executor's total time limit of a call, for every tool or per tool.
   *
   * **Contract (the function form):** must be pure; must not mutate the tool. A throw, a
   * non-finite or a non-positive number means no limit of its own. Runs when a tool is mapped.
   */
  readonly timeoutMs?: number | ((tool: McpTool) => number | undefined);
  /** How long a call may go without a response or progress; default 60 000 ms. */
  readonly requestTimeoutMs?: number;
  /** `"annotations"` (default): non-read-only calls of this server run one at a time. */
  readonly concurrency?: "annotations" | "parallel" | "serial";
  /** Let `readOnlyHint`/`idempotentHint` make a tool `replay: "safe"`; default `false`. */
  readonly trustAnnotations?: boolean;
  /** Check `structuredContent` against the tool's `outputSchema`; default `true`. */
  readonly validateOutput?: boolean;
  /**
   * Leave out, at mount time, blocks whose `annotations.audience` excludes the assistant; default
   * `false`: a mount keeps every block with its annotations (so a mount → serve proxy is lossless),
   * and the provider layer leaves such blocks out of what a model is sent.
   */
  readonly respectAudience?: boolean;
  /** See {@link McpContentMapper}. */
  readonly mapContent?: McpContentMapper;
  /** How long to wait after a `list_changed` before listing again; default 100 ms. */
  readonly listChangedDebounceMs?: number;
  /** List again every so often, for servers that cannot notify; default off. */
  readonly pollIntervalMs?: number;
  /** After a disconnect, `"keep"` (default) the tools registered or `"unregister"` them. */
  readonly onDisconnect?: "keep" | "unregister";
  /** Automatic reconnects (factory sources only); `false` turns them off. */
  readonly reconnect?: McpReconnectOptions | false;
  /** See {@link McpMountEventListener}. */
  readonly onEvent?: McpMountEventListener;
}
