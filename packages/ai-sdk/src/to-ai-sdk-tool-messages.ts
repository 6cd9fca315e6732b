import type { ToolResultMessage } from "@toolwright/tool-core";
import type { ToolModelMessage } from "ai";
import { toAiSdkToolResultOutput } from "./to-ai-sdk-tool-result-output";

/**
 * Toolwright's tool results as the AI SDK message to append before the next request: one `tool`
 * message whose `tool-result` parts follow `messages` in order (source order, as
 * `executeAssistantMessage` returns them). Content maps as in `toAiSdkTools` — text as text, media
 * as file parts, resource links and text resources as text — and an error result becomes an
 * `error-text` output. `details` never reach the model. No results, no message: `[]`.
 */
export function toAiSdkToolMessages(messages: readonly ToolResultMessage[]): ToolModelMessage[] {
  if (messages.length === 0) return [];
  return [
    {
      role: "tool",
      content: messages.map((message) => ({
        type: "tool-result" as const,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        output: toAiSdkToolResultOutput(message.content, message.isError),
      })),
    },
  ];
}
