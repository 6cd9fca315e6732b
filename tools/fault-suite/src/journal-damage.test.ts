// A damaged file journal after a crash: a coordinator killed with SIGKILL mid-batch leaves its
// batch open; then its last line is torn (no newline: a write cut short), or a whole line is
// damaged — the last one, or one in the middle. A torn tail is dropped and the batch recovered; a
// damaged line is JOURNAL_CORRUPT naming the file and line, and recovery runs nothing.
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countFaults, describeCounts, readExecutions } from "./count-faults";
import { spawnFaultProcess } from "./fault-process";
import { createScenarioFolder, endOf, expectPromisesKept, summariesOf } from "./scenario-support";

describe("a damaged journal file after a crash", () => {
  it("should recover past a torn last line and refuse a damaged whole line, running nothing", async () => {
    const scenario = await createScenarioFolder("damage");
    const run = crypto.randomUUID().slice(0, 8);
    const config = (batchId: string, dir: string) => ({
      journal: { kind: "file", dir },
      summarize: [batchId],
      calls: 10,
      maxMs: 1_500,
      effectsFile: scenario.effectsFile,
      deadlineMs: 60_000,
      concurrency: 1,
    });

    /** Runs a batch in a coordinator killed with SIGKILL once six calls are executing. */
    async function crashMidBatch(damage: string): Promise<{ batchId: string; file: string }> {
      const batchId = `damage-${run}-${damage}`;
      const dir = join(scenario.folder, damage);
      const coordinator = spawnFaultProcess(
        "coordinator.mjs",
        { ...config(batchId, dir), batchIds: [batchId] },
        60_000,
      );
      let executing = 0;
      coordinator.onLine((line) => {
        if (line.startsWith("executing ") && ++executing === 6) coordinator.child.kill("SIGKILL");
      });
      await coordinator.ended;
      return { batchId, file: join(dir, `${batchId}.jsonl`) };
    }

    /** A line made unreadable in the middle, keeping its newline: a damaged line, not a torn one. */
    const damageLine = (line: string) => `${line.slice(0, 20)}\u0000${line.slice(21)}`;

    const recover = (batchId: string, file: string) =>
      spawnFaultProcess(
        "coordinator.mjs",
        { ...config(batchId, join(file, "..")), batchIds: [] },
        60_000,
      );

    // A torn tail: the recovery drops it and finishes the batch.
    const torn = await crashMidBatch("torn");
    await appendFile(torn.file, '{"t":"settled","callId":"c0","at":"2026-12-');
    const recovered = recover(torn.batchId, torn.file);
    const tornEnd = await endOf(recovered);
    const counts = await countFaults({
      scenario: "torn last line",
      summaries: summariesOf(recovered),
      events: recovered.events,
      effectsFile: scenario.effectsFile,
      hangs: tornEnd.hung ? 1 : 0,
      crashes: tornEnd.crashed ? 1 : 0,
    });

    // The last line damaged whole: the `started` record of a `never` call (its newline kept).
    const last = await crashMidBatch("last");
    const lines = (await readFile(last.file, "utf8")).split("\n").slice(0, -1);
    const lastStarted = lines.findLastIndex(
      (line) => line.includes('"t":"started"') && /"callId":"c\d*[02468]"/.test(line),
    );
    expect(lastStarted).toBeGreaterThan(0);
    const kept = lines.slice(0, lastStarted);
    await writeFile(
      last.file,
      `${[...kept, damageLine(lines[lastStarted] as string)].join("\n")}\n`,
    );

    // A line in the middle damaged.
    const middle = await crashMidBatch("middle");
    const middleLines = (await readFile(middle.file, "utf8")).split("\n");
    middleLines[1] = damageLine(middleLines[1] as string);
    await writeFile(middle.file, middleLines.join("\n"));

    const before = await readExecutions(scenario.effectsFile);
    const refusals = [];
    for (const [damaged, line] of [
      [last, lastStarted + 1],
      [middle, 2],
    ] as const) {
      const attempt = recover(damaged.batchId, damaged.file);
      const end = await endOf(attempt);
      expect(end).toEqual({ hung: false, crashed: false });
      const error = attempt.events.find(
        (event) => event.event === "error" && event.op === "recover",
      );
      expect(error?.code).toBe("JOURNAL_CORRUPT");
      expect(String(error?.message)).toContain(
        `Journal file ${damaged.file} is corrupt at line ${line}`,
      );
      expect(summariesOf(attempt)[0]?.completed).toBe(false);
      refusals.push(`${damaged.batchId} line ${line}`);
    }
    const after = await readExecutions(scenario.effectsFile);
    const executedDuringRefusals =
      [...after.values()].reduce((total, entry) => total + entry.runs, 0) -
      [...before.values()].reduce((total, entry) => total + entry.runs, 0);
    console.log(
      `${describeCounts(counts)}\n  JOURNAL_CORRUPT refusals: ${refusals.length} (${refusals.join("; ")}); executions while refused: ${executedDuringRefusals}`,
    );
    expect(executedDuringRefusals).toBe(0);
    expect(counts.batches).toBe(1);
    expectPromisesKept(counts, recovered.events);
    await scenario.remove();
  });
});
