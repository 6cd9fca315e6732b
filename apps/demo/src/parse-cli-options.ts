import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { providerNames } from "./providers/provider-name";

/**
 * How one flag is read. `path` values resolve against the caller's directory (never the demo's
 * own folder); `choice` values must be one of `choices`.
 */
export type CliFlag =
  | { readonly kind: "boolean"; readonly short?: string; readonly description: string }
  | {
      readonly kind: "text" | "path" | "positive-integer";
      readonly value: string;
      readonly description: string;
    }
  | {
      readonly kind: "choice";
      readonly choices: readonly string[];
      readonly description: string;
    };

/**
 * Every flag of the demo, in `--help` order. A new flag is one entry here; its value appears in
 * {@link CliOptions} under the camel-cased name (`--max-tokens` → `maxTokens`).
 */
export const CLI_FLAGS = {
  json: {
    kind: "boolean",
    description: "print one JSON event per line instead of the readable output",
  },
  mcp: {
    kind: "boolean",
    description: "run the session through MCP servers (filesystem over stdio, offline)",
  },
  out: {
    kind: "path",
    value: "file",
    description: "write the transcript as JSONL (load it with parseTranscript)",
  },
  sandbox: {
    kind: "path",
    value: "dir",
    description: "work in this folder and keep it (default: a temp folder, removed)",
  },
  queue: {
    kind: "boolean",
    description:
      "run slow_task on BullMQ worker processes (TOOLWRIGHT_REDIS_URL, or a local Redis)",
  },
  crash: {
    kind: "boolean",
    description: "the crash scene: SIGKILL a child mid-batch, recover it from the journal",
  },
  journal: {
    kind: "path",
    value: "dir",
    description: "run every batch with the durable file journal in this folder (kept)",
  },
  keep: { kind: "boolean", description: "keep the temp sandbox folder and print where it is" },
  approve: {
    kind: "choice",
    choices: ["yes", "no", "console"],
    description:
      "answer approvals (delete_file) without asking, or in the web console; default: ask on a terminal, else no",
  },
  model: {
    kind: "text",
    value: "id",
    description: "use a real model through an OpenAI-compatible chat-completions API",
  },
  "base-url": {
    kind: "text",
    value: "url",
    description: "the endpoint, e.g. http://localhost:11434/v1 (Ollama)",
  },
  "api-key": {
    kind: "text",
    value: "key",
    description: "the key (default: $OPENAI_API_KEY; local servers need none)",
  },
  "max-tokens": {
    kind: "positive-integer",
    value: "n",
    description: "cap the model's answer, to see a cut-off message handled",
  },
  provider: {
    kind: "choice",
    choices: providerNames,
    description:
      "speak this provider's wire format (@toolwright/providers); with --model, via its SDK",
  },
  "show-requests": {
    kind: "boolean",
    description: "with --provider: print each request body as sent",
  },
  help: { kind: "boolean", short: "h", description: "show this help" },
} as const satisfies Record<string, CliFlag>;

type FlagName = keyof typeof CLI_FLAGS;
type CamelCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;
type FlagValue<Flag> = Flag extends { readonly kind: "positive-integer" }
  ? number
  : Flag extends { readonly kind: "choice"; readonly choices: readonly (infer Choice)[] }
    ? Choice
    : string;
type BooleanFlagName = {
  [Name in FlagName]: (typeof CLI_FLAGS)[Name] extends { kind: "boolean" } ? Name : never;
}[FlagName];

/** The demo's command-line options: boolean flags always present, the others when given. */
export type CliOptions = {
  readonly [Name in BooleanFlagName as CamelCase<Name>]: boolean;
} & {
  readonly [Name in Exclude<FlagName, BooleanFlagName> as CamelCase<Name>]?: FlagValue<
    (typeof CLI_FLAGS)[Name]
  >;
};

/** Rules between flags, checked after each flag parsed on its own; each returns an error or nothing. */
const CROSS_CHECKS: readonly ((options: CliOptions) => string | undefined)[] = [
  (options) =>
    options.baseUrl !== undefined && options.model === undefined
      ? "Option --base-url needs --model too (which model to ask)"
      : undefined,
  (options) =>
    [options.mcp, options.crash, options.queue].filter(Boolean).length > 1
      ? "Options --mcp, --crash and --queue are separate scenes: pick one"
      : undefined,
  (options) =>
    options.queue && options.journal !== undefined
      ? "Option --journal does not apply to --queue"
      : undefined,
  (options) =>
    options.crash && (options.mcp || options.model !== undefined)
      ? "Option --crash is its own scene (no model); it does not combine with --mcp or --model"
      : undefined,
  (options) =>
    options.mcp && options.journal !== undefined
      ? "Option --journal runs the scripted session's batches; it does not apply to --mcp"
      : undefined,
  (options) =>
    options.approve === "console" && (options.mcp || options.crash || options.queue)
      ? "Option --approve console is for the scripted session's approval; it does not apply to --mcp, --crash or --queue"
      : undefined,
  (options) =>
    options.keep && options.sandbox !== undefined
      ? "Option --keep is for the temp sandbox; a --sandbox folder is always kept"
      : undefined,
  (options) =>
    options.showRequests && options.provider === undefined
      ? "Option --show-requests needs --provider"
      : undefined,
];

/** The flag column of a `--help` line: `-h, --help`, `--out <file>`, `--approve yes|no`. */
function formatFlag(name: string, flag: CliFlag): string {
  const short = flag.kind === "boolean" && flag.short !== undefined ? `-${flag.short}, ` : "";
  const value =
    flag.kind === "boolean"
      ? ""
      : flag.kind === "choice"
        ? ` ${flag.choices.join("|")}`
        : ` <${flag.value}>`;
  return `${short}--${name}${value}`;
}

/**
 * The options as two columns, each description two spaces after the flags beside it; a flag too
 * long for the column (`--provider openai|anthropic|gemini`) has its description on the next line,
 * so a flag never runs into its description.
 */
function formatUsageLines(): string {
  const flags = (Object.entries(CLI_FLAGS) as [string, CliFlag][]).map(
    ([name, flag]) => [formatFlag(name, flag), flag.description] as const,
  );
  const width =
    Math.max(...flags.map(([text]) => text.length).filter((length) => length <= MAX_FLAG_WIDTH)) +
    2;
  return flags
    .map(([text, description]) =>
      text.length + 2 > width
        ? `  ${text}\n  ${"".padEnd(width)}${description}`
        : `  ${text.padEnd(width)}${description}`,
    )
    .join("\n");
}

const MAX_FLAG_WIDTH = 22;

/** `--help` text, also printed (to stderr) after a bad flag. */
export const USAGE = `Usage: toolwright-demo [options]

Runs a small agent loop over Toolwright. Without --model it uses the embedded scripted
model: no network, no API key. Paths are relative to the directory you run it in.

Options:
${formatUsageLines()}
`;

/** What {@link parseCliOptions} returns: the options, or why the arguments are wrong. */
export type CliParseResult =
  | { readonly ok: true; readonly options: CliOptions }
  | { readonly ok: false; readonly error: string };

function toCamelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Parses `argv` (without the node and script paths); never throws. Path flags come back absolute,
 * resolved against `cwd` — the directory the user ran the command in.
 */
export function parseCliOptions(argv: readonly string[], cwd: string): CliParseResult {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: Object.fromEntries(
        (Object.entries(CLI_FLAGS) as [string, CliFlag][]).map(([name, flag]) => [
          name,
          flag.kind === "boolean"
            ? {
                type: "boolean" as const,
                ...(flag.short === undefined ? {} : { short: flag.short }),
              }
            : { type: "string" as const },
        ]),
      ),
    }));
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const options: Record<string, string | number | boolean> = {};
  for (const [name, flag] of Object.entries(CLI_FLAGS) as [string, CliFlag][]) {
    const key = toCamelCase(name);
    const raw = values[name];
    if (flag.kind === "boolean") {
      options[key] = raw === true;
      continue;
    }
    if (typeof raw !== "string") continue;
    if (raw === "") return { ok: false, error: `Option --${name} needs a non-empty value` };
    if (flag.kind === "positive-integer") {
      const number = Number(raw);
      if (!Number.isInteger(number) || number < 1) {
        return { ok: false, error: `Option --${name} needs a positive integer, got "${raw}"` };
      }
      options[key] = number;
    } else if (flag.kind === "choice") {
      if (!flag.choices.includes(raw)) {
        return {
          ok: false,
          error: `Option --${name} needs one of ${flag.choices.join(", ")}, got "${raw}"`,
        };
      }
      options[key] = raw;
    } else {
      options[key] = flag.kind === "path" ? resolve(cwd, raw) : raw;
    }
  }
  const parsed = options as CliOptions;
  for (const check of CROSS_CHECKS) {
    const error = check(parsed);
    if (error !== undefined) return { ok: false, error };
  }
  return { ok: true, options: parsed };
}
