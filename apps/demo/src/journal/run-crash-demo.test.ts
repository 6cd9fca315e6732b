import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listOpenToolBatches } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoEvent } from "../demo-event";
import type { DemoResult } from "../run-demo";
import { runCrashDemo } from "./run-crash-demo";

// The real thing: the built dist/crash-child.js in a child process, killed with SIGKILL while two
// of its calls run, then recovered here from the file journal it left behind.
describe("runCrashDemo", () => {
  const events: DemoEvent[] = [];
  let output = "";
  let result: DemoResult;
  let directory: string;
  let journalDir: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-crash-demo-"));
    journalDir = join(directory, "journal");
    result = await runCrashDemo(
      {
        sandbox: join(directory, "sandbox"),
        journal: journalDir,
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
  }, 30_000);

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const find = <T extends DemoEvent["type"]>(type: T, moment?: string) =>
    events.find(
      (event): event is Extract<DemoEvent, { type: T }> =>
        event.type === type &&
        (moment === undefined || ("moment" in event && event.moment === moment)),
    );
  const batchId = () => find("child_started")?.batchId ?? "";

  it("should kill the child with SIGKILL once call_1 settled and call_2 and call_3 were executing", () => {
    const killed = find("child_killed");
    expect(killed?.signal).toBe("SIGKILL");
    expect([...(killed?.markers ?? [])].sort()).toEqual([
      "executing call_2",
      "executing call_3",
      "settled call_1",
    ]);
    expect(killed?.pid).toBe(find("child_started")?.pid);
    expect(killed?.pid).not.toBe(process.pid);
  });

  it("should find started records without settled ones in the journal after the crash", () => {
    const records = find("journal_records", "after the crash")?.records ?? [];
    const of = (t: string) => records.filter((record) => record.t === t).map((r) => r.callId);
    expect(of("started")).toEqual(["call_1", "call_2", "call_3"]);
    expect(of("settled")).toEqual(["call_1"]);
    expect(records.some((record) => record.t === "completed")).toBe(false);
  });

  it("should settle the never tool as interrupted without running it, and re-run the safe one as attempt 2", () => {
    const text = (id: string) =>
      result.messages
        .filter((message) => message.role === "toolResult" && message.toolCallId === id)
        .flatMap((message) =>
          message.role === "toolResult"
            ? message.content.map((part) => (part.type === "text" ? part.text : ""))
            : [],
        )
        .join("");
    expect(
      result.messages.map((message) => message.role === "toolResult" && message.toolCallId),
    ).toEqual(["call_1", "call_2", "call_3"]);
    expect(text("call_1")).toBe("lookup_customer C-42: done (attempt 1)");
    expect(text("call_2")).toBe("fetch_rates EUR: done (attempt 2)");
    expect(text("call_3")).toBe(
      "Tool send_invoice was interrupted before its result was recorded; it may or may not have taken effect, and it was not run again.",
    );
    const resumed = events.find(
      (event) => event.type === "tool_execution_start" && event.toolCallId === "call_2",
    );
    expect(resumed).toMatchObject({ resumed: true, attempt: 2 });
    expect(
      events.some(
        (event) => event.type === "tool_execution_start" && event.toolCallId !== "call_2",
      ),
    ).toBe(false);
  });

  it("should show in the synced effects file: the never tool ran once, the safe one twice with one key", () => {
    const lines = find("effects")?.lines ?? [];
    const childPid = find("child_started")?.pid;
    expect(
      lines.map(({ tool, toolCallId, attempt, pid }) => [tool, toolCallId, attempt, pid]),
    ).toEqual(
      expect.arrayContaining([
        ["lookup_customer", "call_1", 1, childPid],
        ["fetch_rates", "call_2", 1, childPid],
        ["send_invoice", "call_3", 1, childPid],
        ["fetch_rates", "call_2", 2, process.pid],
      ]),
    );
    expect(lines).toHaveLength(4);
    const keys = lines
      .filter((line) => line.tool === "fetch_rates")
      .map((line) => line.idempotencyKey);
    expect(keys).toEqual([`${batchId()}:call_2`, `${batchId()}:call_2`]);
  });

  it("should leave the batch completed in the --journal folder, nothing open", async () => {
    const records = find("journal_records", "after recovery")?.records ?? [];
    expect(records.at(-1)?.t).toBe("completed");
    expect(records).toContainEqual({
      t: "settled",
      callId: "call_3",
      isError: true,
      attempt: 1,
      recovery: "interrupted",
    });
    expect(await readdir(journalDir)).toContain(`${batchId()}.jsonl`);
    const journal = createFileJournal({ dir: journalDir, retainCompleted: true });
    try {
      expect(await listOpenToolBatches(journal)).toEqual([]);
    } finally {
      await journal.close();
    }
    expect(output).toContain("killed pid");
    expect(output).toMatch(/resume +fetch_rates call_2 +attempt 2, same idempotencyKey/);
  });
});
