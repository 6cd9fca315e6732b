import type { ToolSource } from "@toolwright/tool-core";
import type { ToolCallJournal } from "@toolwright/tool-exec";
import { ConsoleError } from "./console-error";
import type { ConsoleOptions, ConsoleVerify } from "./console-options";

/** {@link ConsoleOptions}, checked, with defaults. */
export interface ResolvedConsoleOptions {
  readonly journal: ToolCallJournal;
  readonly auth:
    | { readonly kind: "token"; readonly token: string; readonly reviewer: string }
    | { readonly kind: "verify"; readonly verify: ConsoleVerify };
  readonly basePath: string;
  readonly stateSecret: string | Uint8Array | undefined;
  readonly tools: ToolSource | undefined;
  readonly pageSize: number;
  readonly origin: string | undefined;
  readonly liveIntervalMs: number;
}

const JOURNAL_METHODS = ["read", "decide", "listBatches", "listPendingApprovals"] as const;
/** Tokens shorter than this are refused: a login token must not be guessable. */
const MIN_TOKEN_LENGTH = 16;

function refuse(message: string): never {
  throw new ConsoleError("INVALID_OPTIONS", `createConsoleHandler: ${message}`);
}

function readAuth(auth: unknown): ResolvedConsoleOptions["auth"] {
  if (typeof auth !== "object" || auth === null)
    refuse("auth is required ({ token, reviewer } or { verify }); there is no anonymous console");
  const { token, reviewer, verify } = auth as Record<string, unknown>;
  if (verify !== undefined) {
    if (typeof verify !== "function") refuse("auth.verify must be a function");
    if (token !== undefined) refuse("auth takes either a token or verify, not both");
    return { kind: "verify", verify: verify as ConsoleVerify };
  }
  if (token === undefined) refuse("auth needs a token (with a reviewer) or a verify function");
  if (typeof token !== "string" || token.length < MIN_TOKEN_LENGTH)
    refuse(`auth.token must be a string of at least ${MIN_TOKEN_LENGTH} characters`);
  if (typeof reviewer !== "string" || reviewer.trim() === "")
    refuse("auth.reviewer must name the person the token signs in (it is recorded as `by`)");
  return { kind: "token", token, reviewer };
}

function readBasePath(basePath: unknown): string {
  if (basePath === undefined || basePath === "" || basePath === "/") return "";
  if (typeof basePath !== "string" || !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath))
    refuse(
      `basePath must look like "/console" (no trailing slash), got ${JSON.stringify(basePath)}`,
    );
  return basePath;
}

function readInteger(name: string, value: unknown, fallback: number, min: number, max: number) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
    refuse(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  return value as number;
}

function readOrigin(origin: unknown): string | undefined {
  if (origin === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = typeof origin === "string" ? new URL(origin) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed.origin !== origin)
    refuse(
      `origin must be an origin such as "https://ops.example.com", got ${JSON.stringify(origin)}`,
    );
  return origin as string;
}

/** Checks `createConsoleHandler`'s options; throws `ConsoleError` `INVALID_OPTIONS` naming the bad one. */
export function resolveConsoleOptions(options: ConsoleOptions): ResolvedConsoleOptions {
  if (typeof options !== "object" || options === null) refuse("options must be an object");
  const { journal } = options;
  if (
    typeof journal !== "object" ||
    journal === null ||
    JOURNAL_METHODS.some((method) => typeof journal[method] !== "function")
  )
    refuse(`journal must be a ToolCallJournal (with ${JOURNAL_METHODS.join(", ")})`);
  const { stateSecret, tools } = options;
  if (
    stateSecret !== undefined &&
    typeof stateSecret !== "string" &&
    !(stateSecret instanceof Uint8Array)
  )
    refuse("stateSecret must be a string or a Uint8Array");
  return {
    journal,
    auth: readAuth(options.auth),
    basePath: readBasePath(options.basePath),
    stateSecret,
    tools,
    pageSize: readInteger("pageSize", options.pageSize, 50, 1, 500),
    origin: readOrigin(options.origin),
    liveIntervalMs: readInteger("liveIntervalMs", options.liveIntervalMs, 500, 100, 60_000),
  };
}
