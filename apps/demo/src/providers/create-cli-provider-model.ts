import type { ChatModel } from "../chat-model";
import { demoSession } from "../demo-session";
import type { CliOptions } from "../parse-cli-options";
import { createScriptedModel } from "../scripted-model";
import { createProviderModel } from "./create-provider-model";
import type { ProviderName } from "./provider-name";

/** What the CLI passes for `--provider`. */
export interface CliProviderOptions {
  readonly provider: ProviderName;
  readonly showRequests: boolean;
  readonly json: boolean;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly maxTokens?: number;
  /** The embedded scripted model, used when there is no `--model`. */
  readonly scripted: ChatModel;
  readonly write: (text: string) => void;
}

/**
 * The demo's `--provider` model: offline, the scripted turns go through the provider's wire format;
 * with `--model`, the provider's official client talks to `--base-url` (or the provider's API).
 * `--show-requests` prints each request body: one `provider_request` JSON line with `--json`.
 */
export async function createCliProviderModel(options: CliProviderOptions): Promise<ChatModel> {
  const onRequest = options.showRequests
    ? (provider: ProviderName, body: Record<string, unknown>) => {
        options.write(
          options.json
            ? `${JSON.stringify({ type: "provider_request", provider, body })}\n`
            : `\n── ${provider} request ──\n${JSON.stringify(body, null, 2)}\n`,
        );
      }
    : undefined;
  const common = {
    provider: options.provider,
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    ...(onRequest === undefined ? {} : { onRequest }),
  };
  if (options.model === undefined)
    return createProviderModel({ ...common, model: "scripted", scripted: options.scripted });
  const { createProviderTransport } = await import("./create-provider-transport");
  const transport = createProviderTransport(options.provider, {
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
  });
  return createProviderModel({ ...common, model: options.model, transport });
}

/** {@link createCliProviderModel} from the parsed command line and the process environment. */
export async function createCliProviderModelFor(
  options: CliOptions,
  environment: {
    readonly stdout: { write(text: string): void };
    readonly env: Readonly<Record<string, string | undefined>>;
  },
): Promise<ChatModel> {
  const provider = options.provider as ProviderName;
  const keyVariable = {
    openai: "OPENAI_API_KEY",
    anthropic: "ANTHROPIC_API_KEY",
    gemini: "GEMINI_API_KEY",
  }[provider];
  const apiKey = options.apiKey ?? environment.env[keyVariable];
  return createCliProviderModel({
    provider,
    showRequests: options.showRequests === true,
    json: options.json,
    scripted: createScriptedModel(demoSession.turns),
    write: (text) => environment.stdout.write(text),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
  });
}
