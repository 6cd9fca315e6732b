// Real endpoints through each provider's official client. Loaded only for `--model`.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import type { ProviderTransport } from "./create-provider-model";
import type { ProviderName } from "./provider-name";

/** Options of {@link createProviderTransport}. */
export interface ProviderTransportOptions {
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly timeoutMs?: number;
}

/** Sends request bodies with the official client of `provider`. */
export function createProviderTransport(
  provider: ProviderName,
  options: ProviderTransportOptions,
): ProviderTransport {
  const timeout = options.timeoutMs ?? 60_000;
  if (provider === "openai") {
    const client = new OpenAI({
      apiKey: options.apiKey ?? "not-needed",
      maxRetries: 1,
      timeout,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
    return (body, signal) =>
      client.chat.completions.create(body as never, signal === undefined ? {} : { signal });
  }
  if (provider === "anthropic") {
    const client = new Anthropic({
      apiKey: options.apiKey ?? "not-needed",
      maxRetries: 1,
      timeout,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
    return (body, signal) =>
      client.messages.create(body as never, signal === undefined ? {} : { signal });
  }
  const client = new GoogleGenAI({
    apiKey: options.apiKey ?? "not-needed",
    httpOptions: {
      timeout,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    },
  });
  return (body, signal) => {
    const config = (body.config ?? {}) as Record<string, unknown>;
    const parameters = {
      ...body,
      config: { ...config, ...(signal === undefined ? {} : { abortSignal: signal }) },
    };
    return client.models.generateContent(parameters as never);
  };
}
