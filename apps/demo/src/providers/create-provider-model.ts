import type { ChatModel } from "../chat-model";
import { buildProviderRequest } from "./build-provider-request";
import { decodeProviderResponse } from "./decode-provider-response";
import { encodeScriptedResponse } from "./encode-scripted-response";
import type { ProviderName } from "./provider-name";

/**
 * Sends one request body to a real endpoint and returns the parsed response body.
 *
 * **Contract:** may reject (network, HTTP or protocol failure): the loop then ends with
 * `model_error`; must not mutate `body`.
 */
export type ProviderTransport = (
  body: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<unknown>;

/** Options of {@link createProviderModel}. */
export interface ProviderModelOptions {
  readonly provider: ProviderName;
  /** The model id sent in the request (`scripted` offline). */
  readonly model: string;
  readonly maxTokens?: number;
  /** A real endpoint; without one the scripted model answers in the provider's wire format. */
  readonly transport?: ProviderTransport;
  /** The model whose turns are replayed offline (required without `transport`). */
  readonly scripted?: ChatModel;
  /**
   * Sees each request body before it is sent (`--show-requests`).
   *
   * **Contract:** must not mutate the body; a throw rejects the model's `complete`.
   */
  readonly onRequest?: (provider: ProviderName, body: Record<string, unknown>) => void;
}

/**
 * A chat model that speaks a provider's wire format through `@toolwright/providers`: the
 * transcript becomes the provider's request (tools compiled per dialect, calls and results in its
 * format), and the answer is read back into canonical tool calls. Offline, the scripted model's
 * turn is written as that provider's response first, so both directions run.
 */
export function createProviderModel(options: ProviderModelOptions): ChatModel {
  const { provider, transport, scripted } = options;
  if (transport === undefined && scripted === undefined) {
    throw new Error("createProviderModel needs a transport or a scripted model");
  }
  return {
    name: transport === undefined ? `scripted, as ${provider}` : `${provider} ${options.model}`,
    async complete(request) {
      const built = buildProviderRequest(
        provider,
        options.model,
        request.messages,
        options.maxTokens,
      );
      options.onRequest?.(provider, built.body);
      if (transport !== undefined) {
        const response = await transport(built.body, request.signal);
        return { message: decodeProviderResponse(provider, response, built.tools) };
      }
      const turn = await (scripted as ChatModel).complete(request);
      const wire = JSON.parse(
        JSON.stringify(encodeScriptedResponse(provider, turn.message, built.tools)),
      );
      const message = decodeProviderResponse(provider, wire, built.tools);
      return {
        message: { ...message, stopReason: turn.message.stopReason ?? message.stopReason },
        ...(turn.scene === undefined ? {} : { scene: turn.scene }),
      };
    },
  };
}
