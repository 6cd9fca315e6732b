import { ConsoleError } from "./console-error";
import { openCliJournal } from "./open-cli-journal";
import { CONSOLE_USAGE, parseConsoleArguments } from "./parse-console-arguments";
import { type ConsoleServer, isLoopbackHost, serveConsole } from "./serve-console";

/** Where the CLI writes, and what stops it: the process in `cli.ts`, fakes in tests. */
export interface ConsoleCliEnvironment {
  readonly stdout: { write(text: string): void };
  readonly stderr: { write(text: string): void };
  /** Aborted on SIGINT or SIGTERM: the console closes and the CLI returns. */
  readonly signal: AbortSignal;
}

/**
 * The `toolwright-console` command: opens the journal, serves the console (127.0.0.1 unless
 * `--host` says otherwise), prints `Console: <url>` and `Login: <url>` on stdout, and runs until
 * `signal` aborts. Returns the exit code: 0 after a clean stop, 1 when it could not start, 2 for
 * bad arguments.
 */
export async function runConsoleCli(
  argv: readonly string[],
  environment: ConsoleCliEnvironment,
): Promise<number> {
  let parsed: ReturnType<typeof parseConsoleArguments>;
  try {
    parsed = parseConsoleArguments(argv);
  } catch (error) {
    environment.stderr.write(`toolwright-console: ${(error as Error).message}\n\n${CONSOLE_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    environment.stdout.write(CONSOLE_USAGE);
    return 0;
  }
  let opened: Awaited<ReturnType<typeof openCliJournal>> | undefined;
  let server: ConsoleServer | undefined;
  try {
    opened = await openCliJournal(parsed.journal);
    // A listing first: the journal is reachable (and its summaries built) before the URL is printed.
    await opened.journal.listBatches({ limit: 1 });
    server = await serveConsole({
      journal: opened.journal,
      host: parsed.host,
      port: parsed.port,
      reviewer: parsed.reviewer,
      basePath: parsed.basePath,
    });
  } catch (error) {
    await opened?.close().catch(() => {});
    const shown = ConsoleError.isInstance(error)
      ? error.message
      : `could not start: ${(error as Error).message}`;
    environment.stderr.write(`toolwright-console: ${shown}\n`);
    return 1;
  }
  const loopback = isLoopbackHost(parsed.host);
  environment.stdout.write(
    [
      `Console: ${server.url}`,
      `Login: ${server.loginUrl}`,
      `Journal: ${opened.description}`,
      loopback
        ? `Listening on ${server.host} only: other machines cannot connect (--host changes that).`
        : `Listening on ${server.host}: other machines can connect. The sign-in link is the only key.`,
      "The sign-in link works once. Stop with Ctrl-C.",
      "",
    ].join("\n"),
  );
  await new Promise<void>((resolve) => {
    if (environment.signal.aborted) resolve();
    else environment.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await server.close();
  await opened.close();
  return 0;
}
