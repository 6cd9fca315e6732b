import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { parseJournalLines } from "./parse-journal-lines";

const at = "2026-12-01T14:00:00.000Z";
const records = [
  { t: "batch", v: 1, batchId: "b1", at, mode: "parallel", calls: [] },
  { t: "started", callId: "c1", attempt: 1, replay: "never", at },
  {
    t: "settled",
    callId: "c1",
    at,
    outcome: { result: { content: [{ type: "text", text: "é 🧪\u2028" }] }, isError: false },
  },
  { t: "completed", at },
];
const file = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(""));
const lineEnds = [...file.entries()]
  .filter(([, byte]) => byte === 0x0a)
  .map(([index]) => index + 1);

describe("parseJournalLines", () => {
  it("should read a cut-off file as the complete lines before the cut, at every byte offset", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: file.length }), (cut) => {
        const complete = lineEnds.filter((end) => end <= cut);
        const parsed = parseJournalLines(file.subarray(0, cut), "f.jsonl");
        expect(parsed.records).toEqual(records.slice(0, complete.length));
        expect(parsed.validBytes).toBe(complete.at(-1) ?? 0);
      }),
      { numRuns: file.length + 1 },
    );
  });

  it("should report a last line that ends in a newline but does not parse as JOURNAL_CORRUPT, not as torn", () => {
    // A torn write is cut short and has no newline; this line was written whole, and dropping it
    // could drop the `started` record of a `never` call.
    const bad = Buffer.concat([file.subarray(0, lineEnds[1]), Buffer.from('{"t":"sett\n')]);
    let error: unknown;
    try {
      parseJournalLines(bad, "dir/b1.jsonl");
    } catch (thrown) {
      error = thrown;
    }
    expect(ToolBatchError.isInstance(error) && error.code).toBe("JOURNAL_CORRUPT");
    expect((error as Error).message).toMatch(
      /^Journal file dir\/b1.jsonl is corrupt at line 3: not JSON/,
    );
  });

  it("should report a bad line before the last as JOURNAL_CORRUPT with the file and line", () => {
    const cases: [string, string, string][] = [
      ["not JSON", "garbage", "not JSON"],
      ["a record of no known type", '{"t":"bogus","at":"x"}', "t is not a record type"],
      [
        "a record with a bad field",
        '{"t":"started","callId":"c1","attempt":0,"replay":"never","at":"x"}',
        "started record: bad attempt",
      ],
    ];
    for (const [what, line, problem] of cases) {
      const bytes = Buffer.concat([
        file.subarray(0, lineEnds[0]),
        Buffer.from(`${line}\n`),
        file.subarray(lineEnds[0]),
      ]);
      let error: unknown;
      try {
        parseJournalLines(bytes, "dir/b1.jsonl");
      } catch (thrown) {
        error = thrown;
      }
      expect(ToolBatchError.isInstance(error) && error.code, what).toBe("JOURNAL_CORRUPT");
      expect((error as Error).message, what).toContain(
        `Journal file dir/b1.jsonl is corrupt at line 2: ${problem}`,
      );
    }
  });
});
