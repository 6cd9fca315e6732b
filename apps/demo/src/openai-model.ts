import type { ToolDeclaration } from "@toolwright/tool-core";
import { resolveTranscriptTools } from "@toolwright/transcript";
import OpenAI from "openai";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { ChatModel } from "./chat-model";
import { toAssistantMessage, toChatCompletionMessages } from "./openai";

/** Options of {@link createOpenAIModel}. */
export interface OpenAIModelOptions {
  /** The model id, e.g. `gpt-4.1-mini`, `qwen2.5:7b`. */
  readonly model: string;
  /** An OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1` (Ollama). Default: OpenAI. */
  readonly baseURL?: string;
  /** The key; local servers usually ignore it, so a placeholder is sent when absent. */
  readonly apiKey?: string;
  /** Cap on the answer's tokens (`max_tokens`), to see a cut-off message on purpose. */
  readonly maxTokens?: number;
  /** Request timeout in milliseconds. Default 60 000. */
  readonly timeoutMs?: number;
}

/**
 * A real model behind any chat-completions endpoint, through the official `openai` client. The
 * transcript's tools are resolved for a provider without mid-conversation tool changes
 * (`resolveTranscriptTools(messages, "none")`): every current tool goes in the request's `tools`.
 */
export function createOpenAIModel(options: OpenAIModelOptions): ChatModel {
  const client = new OpenAI({
    apiKey: options.apiKey ?? "not-needed",
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    maxRetries: 1,
    timeout: options.timeoutMs ?? 60_000,
  });
  return {
    name: options.model,
    async complete(request) {
      const { requestTools } = resolveTranscriptTools(request.messages, "none");
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: toChatCompletionMessages(request.messages),
          ...(requestTools.length > 0 ? { tools: requestTools.map(toFunctionTool) } : {}),
          ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
        },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      const choice = completion.choices[0];
      if (choice === undefined)
        throw new Error(`The endpoint returned no choices for model ${options.model}`);
      return { message: toAssistantMessage(choice) };
    },
  };
}

function toFunctionTool(declaration: ToolDeclaration): ChatCompletionFunctionTool {
  return {
    type: "function",
    function: {
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.parameters as Record<string, unknown>,
      ...(declaration.constrainedSampling === true ? { strict: true } : {}),
    },
  };
}
