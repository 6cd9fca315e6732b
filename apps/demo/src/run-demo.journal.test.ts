import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoEvent } from "./demo-event";
import { runDemo } from "./run-demo";

describe("runDemo --journal DIR", () => {
  const events: DemoEvent[] = [];
  let output = "";
  let directory: string;
  let journalDir: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-demo-journal-"));
    journalDir = join(directory, "journal");
    await runDemo(
      {
        sandbox: join(directory, "sandbox"),
        journal: journalDir,
        sleep: async () => {},
        onEvent: (event) => void events.push(event),
      },
      {
        write: (text) => {
          output += text;
        },
        isTTY: false,
        color: false,
      },
    );
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("should show the suspended batch's records: the approval is durable, the deletion never started", () => {
    const suspended = events.find(
      (event) => event.type === "journal_records" && event.moment === "suspended",
    );
    if (suspended?.type !== "journal_records") throw new Error("no journal_records event");
    expect(suspended.records).toEqual(
      expect.arrayContaining([
        { t: "batch" },
        { t: "approval", callId: "call_8_2" },
        { t: "started", callId: "call_8_1", attempt: 1 },
      ]),
    );
    expect(suspended.records).not.toContainEqual(
      expect.objectContaining({ t: "started", callId: "call_8_2" }),
    );
  });

  it("should journal the denial and complete the batch in its file", async () => {
    const saved = events.find((event) => event.type === "batch_state_saved");
    if (saved?.type !== "batch_state_saved") throw new Error("no batch_state_saved event");
    const lines = (await readFile(join(journalDir, `${saved.batchId}.jsonl`), "utf8"))
      .trimEnd()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as { t: string; callId?: string; outcome?: { errorType?: string } },
      );
    expect(lines[0]?.t).toBe("batch");
    expect(lines.at(-1)?.t).toBe("completed");
    expect(lines.find((line) => line.t === "settled" && line.callId === "call_8_2")).toMatchObject({
      outcome: { errorType: "approval_denied" },
    });
    const decisions = await readFile(join(journalDir, `${saved.batchId}.decisions.jsonl`), "utf8");
    // One line per decision from any process: the record, and a nonce that tells repeats apart.
    expect(JSON.parse(decisions.trimEnd())).toMatchObject({
      record: { t: "decision", callId: "call_8_2", decision: "deny", by: "default" },
    });
  });

  it("should end with a summary: one file per batch that ran, each call started and settled, none open", () => {
    const summary = events.find((event) => event.type === "journal_summary");
    // Every turn's batch is journaled, turn 5's cut-off one included (its calls settle unexecuted).
    expect(summary).toMatchObject({ type: "journal_summary", dir: journalDir, open: [] });
    if (summary?.type !== "journal_summary") return;
    expect(summary.batches).toBe(9);
    expect(summary.started).toBeGreaterThan(0);
    expect(output).toContain(`none open → ${journalDir}`);
  });
});
