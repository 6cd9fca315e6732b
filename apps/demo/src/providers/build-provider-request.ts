// The transcript as each provider's request body, built with @toolwright/providers: the tools from
// `planTranscriptTools`, assistant calls replayed with `toProviderToolCalls`, results with
// `toProviderToolResults`. What `--show-requests` prints and what a real endpoint receives.

import type { ProviderTools } from "@toolwright/providers";
import {
  planTranscriptTools,
  toProviderToolCalls,
  toProviderToolResults,
} from "@toolwright/providers";
import type { Message, ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { contentText } from "../render/format-text";
import { dialectOf, type ProviderName } from "./provider-name";

/** A request body and the binding that reads its answer. */
export interface ProviderRequest {
  readonly body: Record<string, unknown>;
  readonly tools: ProviderTools;
}

/** Builds the request body of `provider` for `messages`, asking `model`. */
export function buildProviderRequest(
  provider: ProviderName,
  model: string,
  messages: readonly Message[],
  maxTokens?: number,
): ProviderRequest {
  const plan = planTranscriptTools(messages, dialectOf(provider));
  const tools = plan.tools as ProviderTools;
  const system: string[] = [];
  const wire: unknown[] = [];
  let results: ToolResultMessage[] = [];
  const flushResults = (): void => {
    if (results.length > 0) wire.push(...(toProviderToolResults(results, tools) as unknown[]));
    results = [];
  };
  for (const message of messages) {
    if (message.role !== "toolResult") flushResults();
    if (message.role === "system") {
      if (message.content !== "") {
        if (provider === "openai") wire.push({ role: "system", content: message.content });
        else system.push(message.content);
      }
    } else if (message.role === "user") {
      const text =
        typeof message.content === "string" ? message.content : contentText(message.content);
      wire.push(
        provider === "gemini"
          ? { role: "user", parts: [{ text }] }
          : { role: "user", content: text },
      );
    } else if (message.role === "assistant") {
      const text = message.content
        .flatMap((part) => (part.type === "text" ? [part.text] : []))
        .join("\n");
      const calls = message.content.filter((part): part is ToolCall => part.type === "toolCall");
      wire.push(toAssistantTurn(provider, text, calls, tools));
    } else {
      results.push(message);
    }
  }
  flushResults();
  const toolList = tools.tools as readonly unknown[];
  if (provider === "openai") {
    return {
      tools,
      body: {
        model,
        messages: wire,
        ...(toolList.length > 0 ? { tools: toolList } : {}),
        ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
      },
    };
  }
  if (provider === "anthropic") {
    return {
      tools,
      body: {
        model,
        max_tokens: maxTokens ?? 4096,
        ...(system.length > 0 ? { system: system.join("\n\n") } : {}),
        messages: wire,
        ...(toolList.length > 0 ? { tools: toolList } : {}),
      },
    };
  }
  const extras = tools.extras as { toolConfig?: unknown };
  return {
    tools,
    body: {
      model,
      contents: wire,
      config: {
        ...(system.length > 0
          ? { systemInstruction: { parts: [{ text: system.join("\n\n") }] } }
          : {}),
        ...(toolList.length > 0 ? { tools: toolList } : {}),
        ...(extras.toolConfig === undefined ? {} : { toolConfig: extras.toolConfig }),
        ...(maxTokens === undefined ? {} : { maxOutputTokens: maxTokens }),
      },
    },
  };
}

function toAssistantTurn(
  provider: ProviderName,
  text: string,
  calls: readonly ToolCall[],
  tools: ProviderTools,
): unknown {
  const replayed = toProviderToolCalls(calls, tools) as unknown[];
  if (provider === "openai") {
    const [withCalls] = replayed as { tool_calls: unknown[] }[];
    return {
      role: "assistant",
      content: text === "" ? null : text,
      ...(withCalls === undefined ? {} : { tool_calls: withCalls.tool_calls }),
    };
  }
  if (provider === "anthropic") {
    return {
      role: "assistant",
      content: [...(text === "" ? [] : [{ type: "text", text }]), ...replayed],
    };
  }
  return { role: "model", parts: [...(text === "" ? [] : [{ text }]), ...replayed] };
}
