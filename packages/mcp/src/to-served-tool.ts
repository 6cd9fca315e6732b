import type { Tool as McpTool, ToolAnnotations } from "@modelcontextprotocol/server";
import type { Tool } from "@toolwright/tool-core";
import type { ServedToolAnnotator } from "./serve-registry-options";

/**
 * How a registry tool is listed over MCP: `{ name, title, description, inputSchema, outputSchema?,
 * annotations? }`. Schemas are JSON copies (TypeBox's symbols dropped) and the input schema always
 * has `type: "object"` at its root, since clients reject a whole listing without it.
 */
export function toServedTool(tool: Tool, annotate: ServedToolAnnotator | undefined): McpTool {
  const inputSchema = jsonCopy(tool.parameters ?? { type: "object" }) as Record<string, unknown>;
  if (inputSchema.type !== "object") inputSchema.type = "object";
  const outputSchema = advertisedOutputSchema(tool);
  const annotations = annotationsOf(tool, annotate);
  return {
    name: tool.name,
    ...(tool.label !== undefined && { title: tool.label }),
    description: tool.description,
    inputSchema: inputSchema as McpTool["inputSchema"],
    ...(outputSchema !== undefined && { outputSchema }),
    ...(annotations !== undefined && { annotations }),
  };
}

/** The output schema a served tool advertises: a JSON copy of `output.schema ?? outputSchema`. */
export function advertisedOutputSchema(tool: Tool): McpTool["outputSchema"] {
  const schema = tool.output !== undefined ? tool.output.schema : tool.outputSchema;
  return schema === undefined ? undefined : (jsonCopy(schema) as McpTool["outputSchema"]);
}

function annotationsOf(
  tool: Tool,
  annotate: ServedToolAnnotator | undefined,
): ToolAnnotations | undefined {
  if (annotate === undefined) return undefined;
  try {
    return annotate(tool) ?? undefined;
  } catch {
    return undefined;
  }
}

function jsonCopy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
