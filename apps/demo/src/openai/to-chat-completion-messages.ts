import type { Message, ToolContent } from "@toolwright/tool-core";
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { contentText, partText } from "../render/format-text";

/**
 * The transcript in the chat-completions wire format. Chat completions has only a top-level tool
 * list (support `"none"`), so system messages are sent with their text only — a system message
 * that merely declared tool changes is left out — and the tools go in the request's `tools`.
 */
export function toChatCompletionMessages(
  messages: readonly Message[],
): ChatCompletionMessageParam[] {
  const wire: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    switch (message.role) {
      case "system":
        if (message.content !== "") wire.push({ role: "system", content: message.content });
        break;
      case "user":
        wire.push({
          role: "user",
          content:
            typeof message.content === "string"
              ? message.content
              : message.content.map(toContentPart),
        });
        break;
      case "assistant": {
        const text = message.content
          .flatMap((part) => (part.type === "text" ? [part.text] : []))
          .join("\n");
        const toolCalls = message.content.flatMap((part) =>
          part.type === "toolCall"
            ? [
                {
                  id: part.id,
                  type: "function" as const,
                  function: { name: part.name, arguments: JSON.stringify(part.arguments) },
                },
              ]
            : [],
        );
        wire.push({
          role: "assistant",
          content: text === "" ? null : text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        });
        break;
      }
      case "toolResult":
        wire.push({
          role: "tool",
          tool_call_id: message.toolCallId,
          content: contentText(message.content),
        });
        break;
    }
  }
  return wire;
}

function toContentPart(part: ToolContent): ChatCompletionContentPart {
  if (part.type !== "image") return { type: "text", text: partText(part) };
  return { type: "image_url", image_url: { url: `data:${part.mimeType};base64,${part.data}` } };
}
