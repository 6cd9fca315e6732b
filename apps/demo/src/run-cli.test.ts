import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { parseTranscript } from "@toolwright/transcript";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

function createStreams(isTTY = false) {
  const captured = { stdout: "", stderr: "" };
  return {
    captured,
    environment: {
      stdout: {
        write: (text: string) => {
          captured.stdout += text;
        },
        isTTY,
      },
      stderr: {
        write: (text: string) => {
          captured.stderr += text;
        },
      },
      env: {},
    },
  };
}

describe("runCli", () => {
  it("should print the usage to stderr and exit 2 on a bad flag", async () => {
    const { captured, environment } = createStreams();
    expect(await runCli(["--colour"], environment)).toBe(2);
    expect(captured.stderr).toMatch(/^toolwright-demo: Unknown option '--colour'/);
    expect(captured.stderr).toContain("Usage: toolwright-demo [options]");
    expect(captured.stdout).toBe("");
  });

  it("should print the usage to stdout and exit 0 on --help", async () => {
    const { captured, environment } = createStreams();
    expect(await runCli(["--help"], environment)).toBe(0);
    expect(captured.stdout).toContain("--base-url <url>");
  });

  it("should refuse --model against api.openai.com without a key", async () => {
    const { captured, environment } = createStreams();
    expect(await runCli(["--model", "gpt-4.1-mini"], environment)).toBe(2);
    expect(captured.stderr).toContain("needs --api-key or OPENAI_API_KEY");
  });

  it("should print one JSON event per line with --json and write a loadable transcript with --out", async () => {
    const directory = await mkdtemp(join(tmpdir(), "toolwright-cli-test-"));
    try {
      const out = join(directory, "transcript.jsonl");
      const { captured, environment } = createStreams(true);
      expect(await runCli(["--json", "--out", out], environment)).toBe(0);
      const lines = captured.stdout.trimEnd().split("\n");
      const events = lines.map((line) => JSON.parse(line) as { type: string; sandbox?: string });
      expect(events[0]?.type).toBe("demo_start");
      // The temp sandbox the demo created is gone afterwards.
      await expect(stat(String(events[0]?.sandbox))).rejects.toThrow(/ENOENT/);
      expect(events.at(-1)?.type).toBe("demo_end");
      expect(events.map((event) => event.type)).toContain("tool_execution_update");
      // --json never draws the live line, even on a TTY.
      expect(captured.stdout).not.toContain("\u001b[");
      const transcript = parseTranscript(await readFile(out, "utf8"));
      expect(transcript[0]).toMatchObject({ role: "system" });
      expect(transcript.at(-1)).toMatchObject({ role: "toolResult", toolName: "finish" });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("should exit 130 without asking the model once the signal aborted", async () => {
    const { captured, environment } = createStreams();
    const controller = new AbortController();
    controller.abort();
    expect(await runCli(["--json"], { ...environment, signal: controller.signal })).toBe(130);
    expect(captured.stdout).toContain('"type":"loop_end","turn":0,"reason":"aborted"');
    expect(captured.stdout).not.toContain('"type":"model_request"');
  });

  it("should use colours and the live progress line only on a TTY without NO_COLOR", async () => {
    const tty = createStreams(true);
    expect(await runCli([], tty.environment)).toBe(0);
    expect(tty.captured.stdout).toContain("\u001b[1m");
    expect(tty.captured.stdout).toContain("\r\u001b[2K");
    const noColor = createStreams(true);
    expect(await runCli([], { ...noColor.environment, env: { NO_COLOR: "1" } })).toBe(0);
    expect(noColor.captured.stdout).not.toContain("\u001b[1m");
    expect(noColor.captured.stdout).toContain("\r\u001b[2K");
  });

  describe("approvals", () => {
    const decisionsIn = (stdout: string) =>
      stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string; decision?: string; by?: string })
        .filter((event) => event.type === "tool_approval_resolved")
        .map((event) => `${event.decision} by ${event.by}`);

    function createTerminal(answer: string) {
      const input = new PassThrough();
      const output = new PassThrough();
      let prompted = "";
      let answered = false;
      output.on("data", (chunk: Buffer) => {
        prompted += chunk.toString("utf8");
        // The terminal echoes the answer to the output too: answer once.
        if (!answered && prompted.includes("[y/N]")) {
          answered = true;
          input.write(answer);
        }
      });
      return { terminal: { input, output }, prompted: () => prompted };
    }

    it("should ask a person at a terminal, off stdout, and apply the answer", async () => {
      const { captured, environment } = createStreams();
      const person = createTerminal("y\n");
      expect(await runCli(["--json"], { ...environment, terminal: person.terminal })).toBe(0);
      expect(person.prompted()).toContain('Approve delete_file {"path":"data/numbers.csv"}?');
      expect(captured.stdout).not.toContain("[y/N]");
      expect(decisionsIn(captured.stdout)).toEqual(["approve by terminal"]);
    });

    it("should let --approve decide without asking, even at a terminal", async () => {
      const { captured, environment } = createStreams();
      const person = createTerminal("y\n");
      expect(
        await runCli(["--json", "--approve", "no"], { ...environment, terminal: person.terminal }),
      ).toBe(0);
      expect(person.prompted()).toBe("");
      expect(decisionsIn(captured.stdout)).toEqual(["deny by --approve"]);
    });

    it("should deny without a terminal and without --approve", async () => {
      const { captured, environment } = createStreams();
      expect(await runCli(["--json"], environment)).toBe(0);
      expect(decisionsIn(captured.stdout)).toEqual(["deny by default"]);
    });

    it("should refuse an --approve value other than yes, no or console", async () => {
      const { captured, environment } = createStreams();
      expect(await runCli(["--approve", "maybe"], environment)).toBe(2);
      expect(captured.stderr).toContain(
        'Option --approve needs one of yes, no, console, got "maybe"',
      );
    });
  });
});
