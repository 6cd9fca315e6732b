import { describe, expect, it } from "vitest";
import { parseCliOptions } from "./parse-cli-options";

describe("parseCliOptions", () => {
  it.each([
    [[], { help: false, json: false }],
    [["--json"], { help: false, json: true }],
    [["-h"], { help: true, json: false }],
    [
      ["--out", "t.jsonl", "--sandbox", "./box"],
      { help: false, json: false, out: "t.jsonl", sandbox: "./box" },
    ],
    [
      ["--model", "qwen2.5", "--base-url", "http://localhost:11434/v1", "--max-tokens", "64"],
      {
        help: false,
        json: false,
        model: "qwen2.5",
        baseUrl: "http://localhost:11434/v1",
        maxTokens: 64,
      },
    ],
    [
      ["--model=gpt-4.1-mini", "--api-key=sk-x"],
      { help: false, json: false, model: "gpt-4.1-mini", apiKey: "sk-x" },
    ],
  ])("should parse %j", (argv, options) => {
    expect(parseCliOptions(argv)).toEqual({ ok: true, options });
  });

  it.each([
    [["--colour"], /Unknown option '--colour'/],
    [["extra"], /Unexpected argument 'extra'/],
    [["--out"], /Option '--out <value>' argument missing/],
    [["--out="], /Option --out needs a non-empty value/],
    [["--base-url", "http://x"], /Option --base-url needs --model too/],
    [["--model", "m", "--max-tokens", "ten"], /--max-tokens needs a positive integer, got "ten"/],
    [["--model", "m", "--max-tokens", "0"], /--max-tokens needs a positive integer, got "0"/],
  ])("should reject %j with a message that says what is wrong", (argv, message) => {
    const result = parseCliOptions(argv);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toMatch(message);
  });
});
