import { McpBridgeError } from "./mcp-bridge-error";
import type { McpMountOptions } from "./mcp-mount-options";

const MOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const REGISTRY_NAME_LIMIT = 128;
const HASH_SUFFIX_LENGTH = 9;

/** The options of a mount with every default applied and every value checked. */
export interface ResolvedMountOptions extends McpMountOptions {
  readonly prefix: string;
  readonly charset: "portable" | "mcp";
  readonly maxLength: number;
  readonly order: "server" | "name";
  readonly onCollision: "skip" | "throw";
  readonly requestTimeoutMs: number;
  readonly concurrency: "annotations" | "parallel" | "serial";
  readonly trustAnnotations: boolean;
  readonly validateOutput: boolean;
  readonly respectAudience: boolean;
  readonly listChangedDebounceMs: number;
  readonly onDisconnect: "keep" | "unregister";
  readonly reconnectPolicy:
    | { readonly initialDelayMs: number; readonly maxDelayMs: number; readonly maxAttempts: number }
    | undefined;
}

/** Checks `options` and fills in the defaults; throws `McpBridgeError` `INVALID_OPTIONS`. */
export function resolveMountOptions(options: McpMountOptions): ResolvedMountOptions {
  if (typeof options !== "object" || options === null) invalid("options must be an object");
  const { id } = options;
  if (typeof id !== "string" || !MOUNT_ID_PATTERN.test(id)) {
    invalid(`id must match ${MOUNT_ID_PATTERN.source}, got ${JSON.stringify(id) ?? String(id)}`);
  }
  const prefix = options.prefix ?? `${id}__`;
  if (typeof prefix !== "string") invalid("prefix must be a string");
  const maxLength = options.names?.maxLength ?? 64;
  if (
    !Number.isInteger(maxLength) ||
    maxLength <= HASH_SUFFIX_LENGTH ||
    maxLength > REGISTRY_NAME_LIMIT
  ) {
    invalid(`names.maxLength must be an integer from 10 to 128, got ${String(maxLength)}`);
  }
  const charset = options.names?.charset ?? "portable";
  if (charset !== "portable" && charset !== "mcp")
    invalid(`names.charset must be "portable" or "mcp"`);
  checkChoice("order", options.order, ["server", "name"]);
  checkChoice("onCollision", options.onCollision, ["skip", "throw"]);
  checkChoice("concurrency", options.concurrency, ["annotations", "parallel", "serial"]);
  checkChoice("onDisconnect", options.onDisconnect, ["keep", "unregister"]);
  const requestTimeoutMs = checkDelay("requestTimeoutMs", options.requestTimeoutMs, 60_000, 1);
  const listChangedDebounceMs = checkDelay(
    "listChangedDebounceMs",
    options.listChangedDebounceMs,
    100,
    0,
  );
  if (options.pollIntervalMs !== undefined)
    checkDelay("pollIntervalMs", options.pollIntervalMs, 0, 1);
  if (typeof options.timeoutMs === "number") checkDelay("timeoutMs", options.timeoutMs, 0, 1);
  return {
    ...options,
    prefix,
    charset,
    maxLength,
    order: options.order ?? "server",
    onCollision: options.onCollision ?? "skip",
    requestTimeoutMs,
    concurrency: options.concurrency ?? "annotations",
    trustAnnotations: options.trustAnnotations === true,
    validateOutput: options.validateOutput !== false,
    respectAudience: options.respectAudience === true,
    listChangedDebounceMs,
    onDisconnect: options.onDisconnect ?? "keep",
    reconnectPolicy: resolveReconnect(options.reconnect),
  };
}

function resolveReconnect(
  reconnect: McpMountOptions["reconnect"],
): ResolvedMountOptions["reconnectPolicy"] {
  if (reconnect === false) return undefined;
  const initialDelayMs = checkDelay("reconnect.initialDelayMs", reconnect?.initialDelayMs, 250, 0);
  const maxDelayMs = checkDelay("reconnect.maxDelayMs", reconnect?.maxDelayMs, 10_000, 0);
  const maxAttempts = reconnect?.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 0) {
    invalid(`reconnect.maxAttempts must be a non-negative integer, got ${String(maxAttempts)}`);
  }
  return { initialDelayMs, maxDelayMs: Math.max(maxDelayMs, initialDelayMs), maxAttempts };
}

function checkDelay(
  name: string,
  value: number | undefined,
  fallback: number,
  minimum: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < minimum) {
    invalid(`${name} must be a finite number >= ${minimum}, got ${String(value)}`);
  }
  return value;
}

function checkChoice(name: string, value: unknown, choices: readonly string[]): void {
  if (value !== undefined && !choices.includes(value as string)) {
    invalid(`${name} must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`);
  }
}

function invalid(message: string): never {
  throw new McpBridgeError("INVALID_OPTIONS", `Invalid MCP mount options: ${message}`);
}
