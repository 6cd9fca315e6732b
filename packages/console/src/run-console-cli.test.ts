import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConsoleArguments } from "./parse-console-arguments";
import { runConsoleCli } from "./run-console-cli";

function environment(signal = new AbortController().signal) {
  const output = { stdout: "", stderr: "" };
  return {
    output,
    environment: {
      stdout: {
        write: (text: string) => {
          output.stdout += text;
        },
      },
      stderr: {
        write: (text: string) => {
          output.stderr += text;
        },
      },
      signal,
    },
  };
}

describe("parseConsoleArguments", () => {
  it.each([
    [[], "give exactly one journal: --journal <dir> or --pg <url>"],
    [["--journal", "a", "--pg", "postgres://x"], "give exactly one journal"],
    [
      ["--journal", "a", "--port", "http"],
      '--port needs a port number from 0 to 65535, got "http"',
    ],
    [["--journal", "a", "--port", "70000"], "--port needs a port number"],
    [["--journal", "a", "--schema", "s"], "--schema goes with --pg"],
    [["--journal", "a", "--reviewer", " "], "--reviewer needs a name"],
    [["--journal", ""], "--journal needs a value"],
    [["--journal", "a", "--colour"], "Unknown option '--colour'"],
  ])("should refuse %j", (argv, message) => {
    expect(() => parseConsoleArguments(argv)).toThrow(message);
  });

  it("should default to 127.0.0.1 and a free port", () => {
    expect(parseConsoleArguments(["--pg", "postgres://db/app", "--schema", "ops"])).toEqual({
      help: false,
      journal: { kind: "pg", url: "postgres://db/app", schema: "ops" },
      host: "127.0.0.1",
      port: 0,
      reviewer: undefined,
      basePath: undefined,
    });
  });
});

describe("runConsoleCli", () => {
  it("should exit 2 with the usage for bad arguments, and 0 with it for --help", async () => {
    const bad = environment();
    expect(await runConsoleCli(["--port", "1"], bad.environment)).toBe(2);
    expect(bad.output.stderr).toMatch(/^toolwright-console: give exactly one journal/);
    expect(bad.output.stderr).toContain("Usage: toolwright-console");
    const help = environment();
    expect(await runConsoleCli(["--help"], help.environment)).toBe(0);
    expect(help.output.stdout).toContain("--reviewer <name>");
  });

  it("should print its URL, a one-time login link and where it listens, then stop on the signal", async () => {
    const dir = await mkdtemp(join(tmpdir(), "toolwright-console-cli-"));
    try {
      const controller = new AbortController();
      const run = environment(controller.signal);
      const exit = runConsoleCli(["--journal", dir, "--reviewer", "ops"], run.environment);
      while (!run.output.stdout.includes("Ctrl-C"))
        await new Promise((resolve) => setTimeout(resolve, 20));
      const lines = run.output.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^Console: http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines[1]).toMatch(
        /^Login: http:\/\/127\.0\.0\.1:\d+\/login\?token=[A-Za-z0-9_-]{43}$/,
      );
      expect(lines[2]).toBe(`Journal: the file journal in ${dir}`);
      expect(lines[3]).toBe(
        "Listening on 127.0.0.1 only: other machines cannot connect (--host changes that).",
      );
      const login = await fetch(lines[1]!.slice("Login: ".length), { redirect: "manual" });
      expect(login.status).toBe(303);
      controller.abort();
      expect(await exit).toBe(0);
      await expect(fetch(lines[0]!.slice("Console: ".length))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("should exit 1 and say why when the journal cannot be reached", async () => {
    const run = environment();
    const code = await runConsoleCli(["--pg", "postgres://127.0.0.1:1/none"], run.environment);
    expect(code).toBe(1);
    expect(run.output.stderr).toMatch(/^toolwright-console: could not start: /);
  });
});
