import { describe, expect, it } from "vitest";
import { CLI_FLAGS, parseCliOptions, USAGE } from "./parse-cli-options";

const cwd = "/home/user/project";
const defaults = {
  help: false,
  json: false,
  keep: false,
  mcp: false,
  showRequests: false,
  crash: false,
  queue: false,
};

describe("parseCliOptions", () => {
  it.each([
    [[], defaults],
    [["--json"], { ...defaults, json: true }],
    [["-h"], { ...defaults, help: true }],
    [["--keep"], { ...defaults, keep: true }],
    [
      ["--out", "t.jsonl", "--sandbox", "./box"],
      { ...defaults, out: `${cwd}/t.jsonl`, sandbox: `${cwd}/box` },
    ],
    [["--out", "../up/t.jsonl"], { ...defaults, out: "/home/user/up/t.jsonl" }],
    [["--out=/tmp/abs.jsonl"], { ...defaults, out: "/tmp/abs.jsonl" }],
    [
      ["--model", "qwen2.5", "--base-url", "http://localhost:11434/v1", "--max-tokens", "64"],
      { ...defaults, model: "qwen2.5", baseUrl: "http://localhost:11434/v1", maxTokens: 64 },
    ],
    [
      ["--model=gpt-4.1-mini", "--api-key=sk-x"],
      { ...defaults, model: "gpt-4.1-mini", apiKey: "sk-x" },
    ],
    [
      ["--provider", "gemini", "--show-requests"],
      { ...defaults, provider: "gemini", showRequests: true },
    ],
  ])("should parse %j, resolving paths against the caller's directory", (argv, options) => {
    expect(parseCliOptions(argv, cwd)).toEqual({ ok: true, options });
  });

  it.each([
    [["--colour"], /Unknown option '--colour'/],
    [["extra"], /Unexpected argument 'extra'/],
    [["--out"], /Option '--out <value>' argument missing/],
    [["--out="], /Option --out needs a non-empty value/],
    [["--base-url", "http://x"], /Option --base-url needs --model too/],
    [["--keep", "--sandbox", "box"], /a --sandbox folder is always kept/],
    [["--model", "m", "--max-tokens", "ten"], /--max-tokens needs a positive integer, got "ten"/],
    [["--model", "m", "--max-tokens", "0"], /--max-tokens needs a positive integer, got "0"/],
    [["--approve", "maybe"], /--approve needs one of yes, no, console, got "maybe"/],
    [["--crash", "--mcp"], /--mcp, --crash and --queue are separate scenes/],
    [["--queue", "--crash"], /--mcp, --crash and --queue are separate scenes/],
    [["--queue", "--journal", "j"], /--journal does not apply to --queue/],
    [["--crash", "--model", "m"], /--crash is its own scene/],
    [["--mcp", "--journal", "j"], /--journal runs the scripted session's batches/],
  ])("should reject %j with a message that says what is wrong", (argv, message) => {
    const result = parseCliOptions(argv, cwd);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(message);
  });
});

describe("USAGE", () => {
  it("should list every flag of the table with its value name", () => {
    for (const [name, flag] of Object.entries(CLI_FLAGS)) {
      const value = "value" in flag ? ` <${flag.value}>` : "";
      expect(USAGE).toContain(`--${name}${value}`);
      expect(USAGE).toContain(flag.description);
    }
    expect(USAGE).toContain("-h, --help");
  });

  it("should start every description in one column, at least two spaces after its flag", () => {
    const lines = USAGE.slice(USAGE.indexOf("Options:\n") + "Options:\n".length)
      .split("\n")
      .filter((line) => line !== "");
    const columns = Object.values(CLI_FLAGS).map((flag) => {
      const line = lines.find((text) => text.includes(flag.description)) ?? "";
      const column = line.indexOf(flag.description);
      // On the flag's own line, or alone on the next line when the flag is too long.
      expect(line.slice(0, column), line).toMatch(/^ {2}\S.*\S {2,}$|^ +$/);
      return column;
    });
    expect(new Set(columns).size).toBe(1);
    expect(USAGE).not.toMatch(/gemini\S/);
  });
});
