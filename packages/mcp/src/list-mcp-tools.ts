import type { McpClientLike, McpTool } from "./mcp-client-like";

/** A listed entry that is not a usable tool, with the reason. */
export interface InvalidListedTool {
  /** Its name when it has a string one, else a description of what it is. */
  readonly tool: string;
  readonly reason: string;
}

/** What {@link listMcpTools} found: the usable tools in server order, and the rest. */
export interface McpToolListing {
  readonly tools: readonly McpTool[];
  readonly invalid: readonly InvalidListedTool[];
}

const MAX_PAGES = 64;

/** Accepts any result: the permissive walk checks each tool itself. */
const passThroughSchema = {
  "~standard": {
    version: 1 as const,
    vendor: "toolwright",
    validate: (value: unknown) => ({ value }),
  },
};

/**
 * Lists every tool of the server, bypassing the client's cache. When the SDK rejects the whole
 * listing because one tool is malformed (`INVALID_RESULT`, or a validator stack overflow on a
 * schema nested thousands deep), walks the pages again without the
 * SDK's schema (at most 64), so the well-formed tools still mount and the others are reported.
 */
export async function listMcpTools(
  client: McpClientLike,
  timeoutMs: number,
): Promise<McpToolListing> {
  let listed: readonly unknown[];
  try {
    const result = await client.listTools(undefined, { cacheMode: "refresh", timeout: timeoutMs });
    listed = result.tools;
  } catch (error) {
    if (!isRejectedListing(error)) throw error;
    listed = await walkPagesPermissively(client, timeoutMs);
  }
  const tools: McpTool[] = [];
  const invalid: InvalidListedTool[] = [];
  for (const entry of listed) {
    const reason = findToolDefect(entry);
    if (reason === undefined) tools.push(entry as McpTool);
    else invalid.push({ tool: describeEntry(entry), reason });
  }
  return { tools, invalid };
}

async function walkPagesPermissively(client: McpClientLike, timeoutMs: number): Promise<unknown[]> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result: unknown = await client.request(
      { method: "tools/list", ...(cursor !== undefined && { params: { cursor } }) },
      passThroughSchema,
      { timeout: timeoutMs },
    );
    if (
      typeof result !== "object" ||
      result === null ||
      !Array.isArray((result as { tools?: unknown }).tools)
    ) {
      throw new Error("tools/list returned no tools array");
    }
    tools.push(...(result as { tools: unknown[] }).tools);
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (typeof next !== "string" || next === "") return tools;
    cursor = next;
  }
  throw new Error(`tools/list did not finish within ${MAX_PAGES} pages`);
}

/**
 * Whether the SDK rejected the listing itself rather than failed to get it: `INVALID_RESULT`, or a
 * `RangeError` from its validator on an absurdly nested schema.
 */
function isRejectedListing(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "INVALID_RESULT"
  );
}

/** Why a listed entry cannot be mounted, or `undefined` when it can. */
export function findToolDefect(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return "not an object";
  const { name, inputSchema } = entry as { name?: unknown; inputSchema?: unknown };
  if (typeof name !== "string" || name === "") return "no name";
  if (typeof inputSchema !== "object" || inputSchema === null || Array.isArray(inputSchema)) {
    return "inputSchema is not an object";
  }
  if ((inputSchema as { type?: unknown }).type !== "object") {
    return `inputSchema must have type "object" at its root, got ${JSON.stringify((inputSchema as { type?: unknown }).type) ?? "none"}`;
  }
  return undefined;
}

function describeEntry(entry: unknown): string {
  if (
    typeof entry === "object" &&
    entry !== null &&
    typeof (entry as { name?: unknown }).name === "string"
  ) {
    return (entry as { name: string }).name;
  }
  const text = JSON.stringify(entry) ?? String(entry);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
