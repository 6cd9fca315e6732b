import {
  type AssistantContent,
  type AssistantMessage,
  parseToolCallArguments,
  type StopReason,
  type ToolCall,
} from "@toolwright/tool-core";

/**
 * What `fromAiSdkStep` reads of an AI SDK step: its content parts and finish reason. A
 * `generateText` result, one of its `steps`, a step `onStepFinish` receives, or for `streamText`
 * `{ content: await result.content, finishReason: await result.finishReason }`.
 */
export interface AiSdkStepLike {
  readonly content: readonly { readonly type: string }[];
  readonly finishReason: string;
}

const STOP_REASONS: Readonly<Record<string, StopReason>> = {
  stop: "stop",
  length: "length",
  "tool-calls": "toolUse",
  "content-filter": "stop",
  error: "error",
  interrupted: "aborted",
};

/**
 * An AI SDK step as Toolwright's `AssistantMessage`: its text, its reasoning as thinking, and each
 * tool call the application runs (not those the provider ran) as a `ToolCall` with the AI SDK's id,
 * the tool name and the arguments as the model sent them — argument text that is not a JSON object
 * keeps the raw text in `argumentsError`, so the executor tells the model what to fix. A step cut
 * off by the output token limit gets `stopReason: "length"`, and `executeAssistantMessage` then
 * fails its calls instead of running truncated arguments. A call's provider metadata (a Gemini
 * thought signature, say) is kept as its `providerData`.
 */
export function fromAiSdkStep(step: AiSdkStepLike): AssistantMessage {
  const content: AssistantContent[] = [];
  for (const part of step.content) {
    const fields = part as Readonly<Record<string, unknown>>;
    if (part.type === "text" && typeof fields.text === "string") {
      content.push({ type: "text", text: fields.text });
    } else if (part.type === "reasoning" && typeof fields.text === "string") {
      content.push({ type: "thinking", thinking: fields.text });
    } else if (part.type === "tool-call" && fields.providerExecuted !== true) {
      content.push(toToolCall(fields));
    }
  }
  const stopReason = Object.hasOwn(STOP_REASONS, step.finishReason)
    ? STOP_REASONS[step.finishReason]
    : undefined;
  return {
    role: "assistant",
    content,
    ...(stopReason === undefined ? {} : { stopReason }),
    timestamp: Date.now(),
  };
}

function toToolCall(fields: Readonly<Record<string, unknown>>): ToolCall {
  const input = fields.input;
  const parsed =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? { arguments: input as Readonly<Record<string, unknown>> }
      : // The AI SDK keeps argument text it could not parse as the string itself.
        parseToolCallArguments(typeof input === "string" ? input : (JSON.stringify(input) ?? ""));
  const providerMetadata = fields.providerMetadata;
  return {
    type: "toolCall",
    id: String(fields.toolCallId),
    name: String(fields.toolName),
    ...parsed,
    ...(typeof providerMetadata === "object" && providerMetadata !== null
      ? { providerData: { providerMetadata } }
      : {}),
  };
}
