// A provider's answer (the wire body, or the SDK's parsed object: the same shape) as the demo's
// AssistantMessage, through `fromProviderToolCalls`.
import { fromProviderToolCalls, type ProviderTools } from "@toolwright/providers";
import type { AssistantContent, AssistantMessage } from "@toolwright/tool-core";
import type { ProviderName } from "./provider-name";

/** Reads the text and tool calls of `response`; throws `ProviderError` for a malformed body. */
export function decodeProviderResponse(
  provider: ProviderName,
  response: unknown,
  tools: ProviderTools,
): AssistantMessage {
  const read = fromProviderToolCalls(response as never, tools);
  const content: AssistantContent[] = [];
  const text = readText(provider, response);
  if (text !== "") content.push({ type: "text", text });
  content.push(...read.calls);
  return {
    role: "assistant",
    content,
    stopReason: read.truncated ? "length" : read.calls.length > 0 ? "toolUse" : "stop",
    timestamp: Date.now(),
  };
}

function readText(provider: ProviderName, response: unknown): string {
  const body = response as {
    choices?: { message?: { content?: string | null } }[];
    content?: unknown[];
    candidates?: { content?: { parts?: unknown[] } }[];
  };
  if (provider === "openai") return String(body.choices?.[0]?.message?.content ?? "");
  const blocks: unknown[] =
    provider === "anthropic" ? (body.content ?? []) : (body.candidates?.[0]?.content?.parts ?? []);
  return blocks
    .flatMap((block) => {
      const part = block as { type?: string; text?: unknown; thought?: unknown };
      const isText = provider === "anthropic" ? part.type === "text" : part.thought !== true;
      return isText && typeof part.text === "string" ? [part.text] : [];
    })
    .join("");
}
