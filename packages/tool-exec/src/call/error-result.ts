import type { ToolResult } from "@toolwright/tool-core";

/**
 * The error result the executor makes when a call fails outside the tool's own control (unknown
 * tool, invalid arguments, a block, a throw, a timeout): exactly `{ content: [text], details: {},
 * isError: true }`, plus `terminate` when a blocking hook asked for it.
 */
export function createErrorResult(text: string, terminate?: boolean): ToolResult<object> {
  if (terminate === true) {
    return { content: [{ type: "text", text }], details: {}, isError: true, terminate: true };
  }
  return { content: [{ type: "text", text }], details: {}, isError: true };
}
