import type { ApprovalDecider, TerminalStreams } from "./approval";
import { createFixedDecider, createTerminalDecider } from "./approval";
import type { ApprovalConsole } from "./approval/start-approval-console";
import type { ChatModel } from "./chat-model";
import { parseCliOptions, USAGE } from "./parse-cli-options";
import { createCliProviderModelFor } from "./providers/create-cli-provider-model";
import { runDemo } from "./run-demo";

/** What the CLI runs against: the process in `main.ts`, fakes in tests. */
export interface CliEnvironment {
  readonly stdout: { write(text: string): void; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): void };
  /**
   * A person at a terminal, where approval prompts go (stdin and stderr in `main.ts`, given only
   * when both are TTYs). Without it, and without `--approve`, approvals are denied.
   */
  readonly terminal?: TerminalStreams;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory the user ran the command in: path flags resolve against it. Default: `process.cwd()`. */
  readonly cwd?: string;
  readonly signal?: AbortSignal;
}

/**
 * The demo's command line: parses `argv`, picks the scripted or a real model, runs the demo and
 * returns the exit code — 0 done, 1 the run failed (the model endpoint, a file), 2 bad usage,
 * 130 aborted (Ctrl-C).
 * Colours and the live progress line only on a TTY, never with `--json`, never with `NO_COLOR`.
 */
export async function runCli(
  argv: readonly string[],
  environment: CliEnvironment,
): Promise<number> {
  const parsed = parseCliOptions(argv, environment.cwd ?? process.cwd());
  if (!parsed.ok) {
    environment.stderr.write(`toolwright-demo: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const { options } = parsed;
  if (options.help) {
    environment.stdout.write(USAGE);
    return 0;
  }
  let model: ChatModel | undefined;
  if (options.provider !== undefined) {
    model = await createCliProviderModelFor(options, environment);
  } else if (options.model !== undefined) {
    const apiKey = options.apiKey ?? environment.env.OPENAI_API_KEY;
    if (options.baseUrl === undefined && apiKey === undefined) {
      environment.stderr.write(
        "toolwright-demo: --model without --base-url talks to api.openai.com and needs --api-key or OPENAI_API_KEY\n",
      );
      return 2;
    }
    // Loaded only for a real model: the scripted run starts faster without the client.
    const { createOpenAIModel } = await import("./openai-model");
    model = createOpenAIModel({
      model: options.model,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    });
  }
  // --approve console: the decision comes from a click in @toolwright/console, over the journal.
  // Loaded only when asked for: the console brings its web server.
  let approvalConsole: ApprovalConsole | undefined;
  try {
    if (options.approve === "console") {
      const { startApprovalConsole } = await import("./approval/start-approval-console");
      approvalConsole = await startApprovalConsole(options.journal, (line) =>
        environment.stderr.write(`${line}\n`),
      );
    }
  } catch (error) {
    environment.stderr.write(
      `toolwright-demo: the console did not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const approve = approvalConsole?.decide ?? chooseApprovalDecider(options.approve, environment);
  const journal = approvalConsole?.journalDir ?? options.journal;
  const isTTY = environment.stdout.isTTY === true && !options.json;
  const noColor = environment.env.NO_COLOR !== undefined && environment.env.NO_COLOR !== "";
  try {
    // --mcp loads the MCP SDK only when asked for; --crash is its own runner.
    const run =
      options.mcp === true
        ? (await import("./mcp/run-mcp-demo")).runMcpDemo
        : options.crash
          ? (await import("./journal/run-crash-demo")).runCrashDemo
          : options.queue
            ? await loadQueueRunner(environment.env)
            : runDemo;
    const result = await run(
      {
        json: options.json,
        ...(options.out === undefined ? {} : { out: options.out }),
        ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
        ...(journal === undefined ? {} : { journal }),
        keep: options.keep,
        approve,
        ...(model === undefined ? {} : { model }),
        ...(environment.signal === undefined ? {} : { signal: environment.signal }),
      },
      { write: (text) => environment.stdout.write(text), isTTY, color: isTTY && !noColor },
    );
    if (options.keep) {
      environment.stderr.write(`toolwright-demo: kept the sandbox at ${result.sandbox.root}\n`);
    }
    if (result.reason === "aborted") return 130;
    return result.reason === "model_error" ? 1 : 0;
  } catch (error) {
    environment.stderr.write(
      `toolwright-demo: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  } finally {
    await approvalConsole?.close();
  }
}

/** `--queue`'s runner (BullMQ loaded only when asked for), reading the environment for Redis. */
async function loadQueueRunner(env: CliEnvironment["env"]): Promise<typeof runDemo> {
  const { runQueueDemo } = await import("./queue/run-queue-demo");
  return (options, output) => runQueueDemo({ ...options, env }, output);
}

/**
 * `--approve yes|no` answers every approval; without it a person is asked on a terminal (the
 * prompt on stderr, so `--json` stdout stays clean), and a run without a terminal denies — a
 * destructive call never runs unless someone said yes.
 */
function chooseApprovalDecider(
  flag: "yes" | "no" | "console" | undefined,
  environment: CliEnvironment,
): ApprovalDecider {
  if (flag === "yes" || flag === "no")
    return createFixedDecider(flag === "yes" ? "approve" : "deny", "--approve");
  if (environment.terminal !== undefined) return createTerminalDecider(environment.terminal);
  return createFixedDecider("deny", "default");
}
