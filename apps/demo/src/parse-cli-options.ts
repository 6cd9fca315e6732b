import { parseArgs } from "node:util";
import { type ProviderName, providerNames } from "./providers/provider-name";

/** The demo's command-line options. */
export interface CliOptions {
  readonly help: boolean;
  readonly json: boolean;
  readonly mcp?: boolean;
  readonly out?: string;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKey?: string;
  readonly sandbox?: string;
  readonly maxTokens?: number;
  readonly provider?: ProviderName;
  readonly showRequests?: boolean;
}

/** `--help` text, also printed (to stderr) after a bad flag. */
export const USAGE = `Usage: toolwright-demo [options]

Runs a small agent loop over Toolwright. Without --model it uses the embedded scripted
model: no network, no API key.

Options:
  --json              print one JSON event per line instead of the readable output
  --mcp               run the session through MCP servers (filesystem over stdio, offline)
  --out <file>        write the transcript as JSONL (load it with parseTranscript)
  --sandbox <dir>     work in this folder and keep it (default: a temp folder, removed)
  --model <id>        use a real model through an OpenAI-compatible chat-completions API
  --base-url <url>    the endpoint, e.g. http://localhost:11434/v1 (Ollama)
  --api-key <key>     the key (default: $OPENAI_API_KEY; local servers need none)
  --max-tokens <n>    cap the model's answer, to see a cut-off message handled
  --provider <name>   speak openai, anthropic or gemini's wire format (@toolwright/providers);
                      with --model, through that provider's official client
  --show-requests     with --provider: print each request body as sent
  -h, --help          show this help
`;

/** What {@link parseCliOptions} returns: the options, or why the arguments are wrong. */
export type CliParseResult =
  | { readonly ok: true; readonly options: CliOptions }
  | { readonly ok: false; readonly error: string };

/** Parses `argv` (without the node and script paths); never throws. */
export function parseCliOptions(argv: readonly string[]): CliParseResult {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: "boolean", short: "h" },
        json: { type: "boolean" },
        mcp: { type: "boolean" },
        out: { type: "string" },
        sandbox: { type: "string" },
        model: { type: "string" },
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        "max-tokens": { type: "string" },
        provider: { type: "string" },
        "show-requests": { type: "boolean" },
      },
    }));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };
  for (const name of ["out", "sandbox", "model", "base-url", "api-key", "max-tokens"]) {
    if (text(name) === "") return { ok: false, error: `Option --${name} needs a non-empty value` };
  }
  const baseUrl = text("base-url");
  const model = text("model");
  if (baseUrl !== undefined && model === undefined) {
    return { ok: false, error: "Option --base-url needs --model too (which model to ask)" };
  }
  const maxTokensText = text("max-tokens");
  const maxTokens = maxTokensText === undefined ? undefined : Number(maxTokensText);
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    return {
      ok: false,
      error: `Option --max-tokens needs a positive integer, got "${maxTokensText}"`,
    };
  }
  const provider = text("provider");
  if (provider !== undefined && !providerNames.includes(provider as ProviderName)) {
    return {
      ok: false,
      error: `Option --provider needs one of ${providerNames.join(", ")}, got "${provider}"`,
    };
  }
  if (values["show-requests"] === true && provider === undefined) {
    return { ok: false, error: "Option --show-requests needs --provider" };
  }
  const out = text("out");
  const sandbox = text("sandbox");
  const apiKey = text("api-key");
  return {
    ok: true,
    options: {
      help: values.help === true,
      json: values.json === true,
      ...(values.mcp === true ? { mcp: true } : {}),
      ...(out === undefined ? {} : { out }),
      ...(sandbox === undefined ? {} : { sandbox }),
      ...(model === undefined ? {} : { model }),
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(provider === undefined
        ? {}
        : { provider: provider as ProviderName, showRequests: values["show-requests"] === true }),
    },
  };
}
