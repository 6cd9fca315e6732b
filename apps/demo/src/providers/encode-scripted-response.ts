// Offline: the scripted model's turn written as the provider would have sent it, so the demo's
// `--provider` run goes through the same reader as a real response.
import type { ProviderTools } from "@toolwright/providers";
import type { AssistantMessage, ToolCall } from "@toolwright/tool-core";
import type { ProviderName } from "./provider-name";

/** `message` as a Chat Completions, Anthropic Messages or Gemini response body. */
export function encodeScriptedResponse(
  provider: ProviderName,
  message: AssistantMessage,
  tools: ProviderTools,
): unknown {
  const text = message.content
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n");
  const calls = message.content.filter((part): part is ToolCall => part.type === "toolCall");
  const name = (call: ToolCall): string => tools.compiled.get(call.name)?.providerName ?? call.name;
  const cut = message.stopReason === "length";
  if (provider === "openai") {
    return {
      id: "chatcmpl-scripted",
      object: "chat.completion",
      created: 0,
      model: "scripted",
      choices: [
        {
          index: 0,
          logprobs: null,
          finish_reason: cut ? "length" : calls.length > 0 ? "tool_calls" : "stop",
          message: {
            role: "assistant",
            content: text === "" ? null : text,
            refusal: null,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call) => ({
                    id: call.id,
                    type: "function",
                    function: { name: name(call), arguments: rawArguments(call) },
                  })),
                }
              : {}),
          },
        },
      ],
    };
  }
  if (provider === "anthropic") {
    return {
      id: "msg_scripted",
      type: "message",
      role: "assistant",
      model: "scripted",
      stop_reason: cut ? "max_tokens" : calls.length > 0 ? "tool_use" : "end_turn",
      stop_sequence: null,
      content: [
        ...(text === "" ? [] : [{ type: "text", text }]),
        ...calls.map((call) => ({
          type: "tool_use",
          id: call.id,
          name: name(call),
          input: inputOf(call),
        })),
      ],
    };
  }
  return {
    responseId: "scripted",
    candidates: [
      {
        index: 0,
        finishReason: cut ? "MAX_TOKENS" : "STOP",
        content: {
          role: "model",
          parts: [
            ...(text === "" ? [] : [{ text }]),
            ...calls.map((call) => ({
              functionCall: { id: call.id, name: name(call), args: inputOf(call) },
            })),
          ],
        },
      },
    ],
  };
}

/** The argument text the model wrote: kept verbatim when it did not parse. */
function rawArguments(call: ToolCall): string {
  const marker = "Received arguments:\n";
  const error = call.argumentsError;
  const at = error?.indexOf(marker) ?? -1;
  return error !== undefined && at >= 0
    ? error.slice(at + marker.length)
    : JSON.stringify(call.arguments);
}

/** Anthropic and Gemini carry arguments as JSON values, not text. */
function inputOf(call: ToolCall): unknown {
  const raw = rawArguments(call);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
