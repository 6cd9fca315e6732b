// Test support: the recorded MCP schemas and the hand-written ones, as tool declarations.
import type { ToolDeclaration } from "@toolwright/tool-core";
import handWritten from "./hand-written-tool-schemas.json" with { type: "json" };
import recorded from "./mcp-tool-schemas.json" with { type: "json" };

interface RecordedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

const toDeclaration = (tool: RecordedTool, constrainedSampling: boolean): ToolDeclaration => ({
  name: tool.name,
  description: tool.description,
  parameters: tool.inputSchema,
  constrainedSampling,
});

/** Every corpus schema as a declaration that asks for strict mode. */
export function corpusDeclarations(constrainedSampling = true): ToolDeclaration[] {
  const mcp = (recorded as { tools: RecordedTool[] }[]).flatMap((server) => server.tools);
  return [...mcp, ...(handWritten as RecordedTool[])].map((tool) => toDeclaration(tool, constrainedSampling));
}
