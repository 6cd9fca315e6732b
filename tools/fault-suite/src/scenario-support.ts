import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { BatchSummary, FaultCounts } from "./count-faults";
import type { FaultProcess } from "./fault-process";

/** A fresh folder for one scenario's effects file and journal; `remove` deletes it. */
export async function createScenarioFolder(label: string) {
  const folder = await mkdtemp(join(tmpdir(), `toolwright-faults-${label}-`));
  return {
    folder,
    effectsFile: join(folder, "effects.log"),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The summaries a coordinator printed. */
export function summariesOf(process: FaultProcess): BatchSummary[] {
  return process.events.filter((event) => event.event === "summary") as unknown as BatchSummary[];
}

/** Whether a coordinator ended on its own, having printed `done`; else whether it hung or crashed. */
export async function endOf(process: FaultProcess): Promise<{ hung: boolean; crashed: boolean }> {
  const { code, timedOut } = await process.ended;
  const done = process.events.some((event) => event.event === "done");
  return { hung: timedOut, crashed: !timedOut && (code !== 0 || !done) };
}

/**
 * The promises every scenario keeps, whatever it injected: each call of every batch that ran has
 * exactly one outcome, no `never` call executed twice, no outcome invented, nothing hung or
 * crashed, and every batch error says what to do.
 */
export function expectPromisesKept(
  counts: FaultCounts,
  events: readonly Record<string, unknown>[],
): void {
  expect(counts.noOutcome, "calls without an outcome").toBe(0);
  expect(counts.severalOutcomes, "calls with several outcomes").toBe(0);
  expect(counts.oneOutcome).toBe(counts.calls);
  expect(counts.neverTwice, "never calls executed twice").toBe(0);
  expect(counts.invented, "outcomes without an execution").toBe(0);
  expect(counts.hangs, "hangs").toBe(0);
  expect(counts.crashes, "crashes").toBe(0);
  for (const event of events) {
    if (event.event !== "error" || event.code !== "JOURNAL_UNAVAILABLE") continue;
    // Says which batch, whether it started, and so what to do.
    expect(typeof event.batchStarted).toBe("boolean");
    expect(String(event.message)).toContain(String(event.batchId));
    expect(String(event.message)).toMatch(/try again|recover/);
  }
}
