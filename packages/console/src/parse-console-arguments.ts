import { parseArgs } from "node:util";

/** What the CLI was asked to do. */
export type ConsoleArguments =
  | { readonly help: true }
  | {
      readonly help: false;
      readonly journal:
        | { readonly kind: "file"; readonly dir: string }
        | { readonly kind: "pg"; readonly url: string; readonly schema: string | undefined };
      readonly host: string;
      readonly port: number;
      readonly reviewer: string | undefined;
      readonly basePath: string | undefined;
    };

/** `--help` text. */
export const CONSOLE_USAGE = `Usage: toolwright-console (--journal <dir> | --pg <url>) [options]

Serves the Toolwright console over a journal: its batches, their timelines and the
approvals waiting for a decision. Prints the console's URL and a one-time sign-in link.

Options:
  --journal <dir>     a file journal's folder (createFileJournal)
  --pg <url>          a PostgreSQL journal (createPostgresJournal; needs
                      @toolwright/journal-postgres and pg installed)
  --schema <name>     with --pg: the journal's schema (default toolwright)
  --host <address>    where to listen (default 127.0.0.1: this machine only)
  --port <n>          the port (default 0: a free one)
  --reviewer <name>   who the sign-in link signs in, recorded with each decision
                      (default: your user name)
  --base-path <path>  serve under this path, e.g. /console
  -h, --help          show this help
`;

/** Parses the CLI's arguments; throws an `Error` whose message says what is wrong. */
export function parseConsoleArguments(argv: readonly string[]): ConsoleArguments {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      journal: { type: "string" },
      pg: { type: "string" },
      schema: { type: "string" },
      host: { type: "string" },
      port: { type: "string" },
      reviewer: { type: "string" },
      "base-path": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) return { help: true };
  const given = (name: keyof typeof values) => {
    const value = values[name];
    if (value === "") throw new Error(`--${name} needs a value`);
    return typeof value === "string" ? value : undefined;
  };
  const dir = given("journal");
  const url = given("pg");
  if ((dir === undefined) === (url === undefined))
    throw new Error("give exactly one journal: --journal <dir> or --pg <url>");
  const schema = given("schema");
  if (schema !== undefined && url === undefined) throw new Error("--schema goes with --pg");
  const portText = given("port") ?? "0";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535)
    throw new Error(`--port needs a port number from 0 to 65535, got "${portText}"`);
  const reviewer = given("reviewer");
  if (reviewer !== undefined && reviewer.trim() === "") throw new Error("--reviewer needs a name");
  return {
    help: false,
    journal: dir !== undefined ? { kind: "file", dir } : { kind: "pg", url: url!, schema },
    host: given("host") ?? "127.0.0.1",
    port,
    reviewer,
    basePath: given("base-path"),
  };
}
