import { hashName } from "./hash-name";

/** What naming needs of a mount's options. */
export interface ToolNameOptions {
  readonly prefix: string;
  readonly charset: "portable" | "mcp";
  readonly maxLength: number;
}

const PORTABLE_OUTSIDE = /[^A-Za-z0-9_-]/g;
const MCP_OUTSIDE = /[^A-Za-z0-9_.-]/g;

/**
 * The Toolwright name of MCP tool `mcpName`: `prefix + mcpName` with every character outside the
 * charset replaced by `_`; longer than `maxLength`, its first `maxLength - 9` characters plus `_`
 * and the 8-hex hash of the full unsanitized `prefix + mcpName`.
 */
export function mapToolName(mcpName: string, options: ToolNameOptions): string {
  const full = options.prefix + mcpName;
  const sanitized = full.replace(options.charset === "mcp" ? MCP_OUTSIDE : PORTABLE_OUTSIDE, "_");
  if (sanitized.length <= options.maxLength) return sanitized;
  return hashedToolName(mcpName, options);
}

/**
 * The name a tool gets when its plain name is taken by another tool of the same mount: the
 * sanitized name, cut so that `_` and the 8-hex hash of its full unsanitized name fit.
 */
export function hashedToolName(mcpName: string, options: ToolNameOptions): string {
  const full = options.prefix + mcpName;
  const sanitized = full.replace(options.charset === "mcp" ? MCP_OUTSIDE : PORTABLE_OUTSIDE, "_");
  return `${sanitized.slice(0, options.maxLength - 9)}_${hashName(full)}`;
}
