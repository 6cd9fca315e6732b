import type {
  AssistantContent,
  AssistantMessage,
  StopReason,
  ToolCall,
} from "@toolwright/tool-core";
import { parseToolCallArguments } from "@toolwright/tool-core";
import type { ChatCompletion } from "openai/resources/chat/completions";

type Choice = ChatCompletion["choices"][number];

// A Map, not an object literal: `finish_reason` comes off the wire, and a server sending
// "__proto__" or "toString" must map to the default, not to a prototype member.
const STOP_REASONS: ReadonlyMap<string, StopReason> = new Map([
  ["stop", "stop"],
  ["length", "length"],
  ["tool_calls", "toolUse"],
  ["function_call", "toolUse"],
  ["content_filter", "error"],
]);

/**
 * A chat-completions choice as a transcript `AssistantMessage`. Each tool call's argument text
 * goes through `parseToolCallArguments`, so text that is not a JSON object becomes an
 * `argumentsError` the executor reports to the model instead of a crash. `finish_reason:
 * "length"` becomes stop reason `"length"`, which makes the loop fail the calls as truncated.
 */
export function toAssistantMessage(choice: Choice, now: () => number = Date.now): AssistantMessage {
  const content: AssistantContent[] = [];
  const text = choice.message.content;
  if (typeof text === "string" && text !== "") content.push({ type: "text", text });
  (choice.message.tool_calls ?? []).forEach((call, index) => {
    const id = call.id === "" ? `call_${index + 1}` : call.id;
    if (call.type === "function") {
      content.push(toToolCall(id, call.function.name, call.function.arguments));
    } else {
      content.push({
        type: "toolCall",
        id,
        name: call.custom.name,
        arguments: {},
        argumentsError: `Custom (free-text) tool calls are not supported; call "${call.custom.name}" as a function with JSON arguments.`,
      });
    }
  });
  return {
    role: "assistant",
    content,
    stopReason: STOP_REASONS.get(choice.finish_reason) ?? "stop",
    timestamp: now(),
  };
}

function toToolCall(id: string, name: string, argumentsText: string): ToolCall {
  const parsed = parseToolCallArguments(argumentsText);
  return {
    type: "toolCall",
    id,
    name,
    arguments: parsed.arguments,
    ...(parsed.argumentsError === undefined ? {} : { argumentsError: parsed.argumentsError }),
  };
}
