// Test support: real tools for the round trips, and the one place that runs an assistant turn.
import { type AssistantMessage, defineTool, type ToolCall, ToolRegistry, type ToolResultMessage } from "@toolwright/tool-core";
import { executeAssistantMessage } from "@toolwright/tool-exec";

const pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** A registry with a strict tool whose name needs mapping and a tool that returns an image. */
export function createRoundTripRegistry(): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: "weather.current",
      description: "Current weather for a city.",
      constrainedSampling: true,
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } },
        required: ["city"],
        additionalProperties: false,
      },
      execute: async (params: { city: string; unit?: "c" | "f" }) => ({
        content: [{ type: "text", text: `${params.city}: ${params.unit === "f" ? "64°F" : "18°C"}` }],
        details: { unit: params.unit ?? "c" },
      }),
    } as never),
    defineTool({
      name: "render_chart",
      description: "Render a chart as an image.",
      parameters: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
      execute: async (params: { title: string }) => ({
        content: [
          { type: "text", text: `chart ${params.title}` },
          { type: "image", data: pixel, mimeType: "image/png" },
        ],
        details: undefined,
      }),
    } as never),
  ]);
}

/** The assistant message a provider adapter's calls make. */
export function toAssistantMessage(calls: readonly ToolCall[]): AssistantMessage {
  return { role: "assistant", content: calls, stopReason: "toolUse", timestamp: 0 };
}

/** Runs the tool calls of an assistant turn: one result message per call, in source order. */
export async function runAssistantTurn(
  message: AssistantMessage,
  registry: ToolRegistry,
): Promise<ToolResultMessage[]> {
  const batch = await executeAssistantMessage(message, { tools: registry });
  if (batch.status !== "complete") throw new Error("No round-trip tool needs approval");
  return batch.messages;
}
