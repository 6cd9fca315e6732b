// The command line as a user meets it: the built CLI (and once the root `pnpm demo`) in a child
// process, with real pipes and real signals.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const demoDirectory = dirname(dirname(fileURLToPath(import.meta.url)));
const mainPath = join(demoDirectory, "dist", "main.js");

/** The environment of a user's shell: no hints left by the pnpm script running these tests. */
function userEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const name of Object.keys(environment)) {
    if (name === "INIT_CWD" || name.startsWith("npm_")) delete environment[name];
  }
  return environment;
}

interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function collect(child: ChildProcessWithoutNullStreams): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

function runMain(argv: readonly string[], cwd: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [mainPath, ...argv], { cwd, env: userEnvironment() });
}

function parseLines(stdout: string): { type: string; sandbox?: string }[] {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; sandbox?: string });
}

/** Resolves with the first stdout line (the `demo_start` event under `--json`). */
function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve) => {
    let buffered = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const end = buffered.indexOf("\n");
      if (end === -1) return;
      child.stdout.off("data", onData);
      resolve(buffered.slice(0, end));
    };
    child.stdout.on("data", onData);
  });
}

describe("toolwright-demo (the built CLI in a child process)", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-cli-process-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("should write nothing but JSON lines to stdout with --json, and --out relative to its cwd", async () => {
    const finished = await collect(runMain(["--json", "--out", "t.jsonl"], directory));
    expect(finished.code).toBe(0);
    expect(finished.stderr).toBe("");
    const events = parseLines(finished.stdout);
    expect(events[0]?.type).toBe("demo_start");
    expect(events.at(-1)?.type).toBe("demo_end");
    const written = events.find((event) => event.type === "transcript_written") as
      | { path: string }
      | undefined;
    expect(written?.path).toBe(join(directory, "t.jsonl"));
    expect(await readFile(join(directory, "t.jsonl"), "utf8")).toContain('"role":"system"');
    expect(existsSync(String(events[0]?.sandbox))).toBe(false);
  });

  it("should exit 0 without a stack trace and remove its sandbox when stdout closes early", async () => {
    const child = runMain(["--json", "--out", "t.jsonl"], directory);
    const finished = collect(child);
    const start = JSON.parse(await firstLine(child)) as { sandbox: string };
    // What `| head -1` does: the reader goes away; the next write fails with EPIPE.
    child.stdout.destroy();
    const { code, stderr } = await finished;
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(existsSync(start.sandbox)).toBe(false);
    // The run stopped early (aborted), so the transcript never reached the `finish` result.
    const transcript = await readFile(join(directory, "t.jsonl"), "utf8");
    expect(transcript).not.toContain('"toolName":"finish"');
  });

  it("should keep the temp sandbox with --keep and say where it is", async () => {
    const finished = await collect(runMain(["--json", "--keep"], directory));
    expect(finished.code).toBe(0);
    const sandbox = String(parseLines(finished.stdout)[0]?.sandbox);
    try {
      expect(finished.stderr).toBe(`toolwright-demo: kept the sandbox at ${sandbox}\n`);
      expect(await readFile(join(sandbox, "report.md"), "utf8")).toContain("141.42");
    } finally {
      await rm(sandbox, { recursive: true, force: true });
    }
  });

  it.each([
    ["yes", false, "approve"],
    ["no", true, "deny"],
  ])(
    "should decide the approval with --approve %s (file kept: %s)",
    async (answer, kept, decision) => {
      const finished = await collect(
        runMain(["--json", "--approve", answer, "--sandbox", "box"], directory),
      );
      expect(finished.code).toBe(0);
      const events = parseLines(finished.stdout) as { type: string; [key: string]: unknown }[];
      expect(events.map((event) => event.type)).toEqual(
        expect.arrayContaining([
          "tool_approval_requested",
          "tool_batch_suspended",
          "batch_state_saved",
          "tool_approval_resolved",
        ]),
      );
      expect(events.find((event) => event.type === "tool_approval_resolved")).toMatchObject({
        toolName: "delete_file",
        decision,
        by: "--approve",
      });
      const saved = events.find((event) => event.type === "batch_state_saved");
      expect(String(saved?.path)).toBe(
        join(directory, "box", ".approvals", `${saved?.batchId}.json`),
      );
      expect(existsSync(join(directory, "box", "data", "numbers.csv"))).toBe(kept);
    },
  );

  it("should run the crash scene with --crash: a child killed with SIGKILL, its batch recovered", async () => {
    const finished = await collect(runMain(["--crash", "--json"], directory));
    expect({ code: finished.code, stderr: finished.stderr }).toEqual({ code: 0, stderr: "" });
    const events = parseLines(finished.stdout) as { type: string; [key: string]: unknown }[];
    expect(events.find((event) => event.type === "child_killed")).toMatchObject({
      signal: "SIGKILL",
    });
    const results = events.filter((event) => event.type === "tool_result");
    expect(results).toHaveLength(3);
    expect(results[2]).toMatchObject({ message: { toolName: "send_invoice", isError: true } });
    expect(existsSync(String(events[0]?.sandbox))).toBe(false);
  });

  it.each([
    [1, "aborts the run and cleans up"],
    [2, "exits at once and still cleans up"],
  ])("should exit 130 on %i SIGINT(s): it %s", async (count) => {
    const child = runMain(["--json"], directory);
    const finished = collect(child);
    const start = JSON.parse(await firstLine(child)) as { sandbox: string };
    for (let index = 0; index < count; index += 1) child.kill("SIGINT");
    const { code, stderr } = await finished;
    expect({ code, stderr }).toEqual({ code: 130, stderr: "" });
    expect(existsSync(start.sandbox)).toBe(false);
  });
});

describe("pnpm demo (the root command, as a user types it)", () => {
  const callerDirectory = join(demoDirectory, ".sandbox", "caller");
  afterEach(async () => {
    await rm(callerDirectory, { recursive: true, force: true });
  });

  it("should start without a build when nothing changed, print only JSON lines (no pnpm or turbo banner) and write --out where it was run", async () => {
    await mkdir(callerDirectory, { recursive: true });
    const execPath = process.env.npm_execpath;
    const [command, prefix] =
      execPath !== undefined && /pnpm\.c?js$/.test(execPath)
        ? [process.execPath, [execPath]]
        : ["pnpm", []];
    const child = spawn(command, [...prefix, "demo", "--json", "--out", "t.jsonl"], {
      cwd: callerDirectory,
      // pnpm's once-a-day "update available" notice would be the only other thing on stderr.
      env: { ...userEnvironment(), npm_config_update_notifier: "false" },
    });
    const finished = await collect(child);
    expect(finished.code).toBe(0);
    // Turbo built everything before this test ran: the launcher must not build again.
    expect(finished.stderr).toBe("");
    const events = parseLines(finished.stdout);
    expect(events.map((event) => event.type)).toContain("demo_end");
    expect(existsSync(join(callerDirectory, "t.jsonl"))).toBe(true);
  });
});
