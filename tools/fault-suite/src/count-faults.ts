import { readFile } from "node:fs/promises";

/** A batch as the coordinator summarised it from its journal at the end. */
export interface BatchSummary {
  readonly batchId: string;
  readonly exists: boolean;
  readonly completed: boolean;
  readonly calls: readonly { readonly id: string; readonly name: string }[];
  readonly settled: Readonly<Record<string, number>>;
  readonly outcomes: Readonly<
    Record<string, { isError: boolean; errorType?: string; text?: string }>
  >;
}

/** What the suite counts in a scenario; see `describeCounts`. */
export interface FaultCounts {
  scenario: string;
  batches: number;
  calls: number;
  /** Calls with exactly one settled outcome in a completed batch. */
  oneOutcome: number;
  /** Calls of a started batch with no outcome, or a batch left open. */
  noOutcome: number;
  severalOutcomes: number;
  /** Real executions counted in the effects file. */
  executions: number;
  /** `never` calls executed more than once (must be 0). */
  neverTwice: number;
  /** `safe` calls executed again after a fault (allowed: same key, next attempt). */
  safeReruns: number;
  /** Calls whose outcome says they ran, with no execution in the effects file (must be 0). */
  invented: number;
  /** Processes still running at their time limit, killed by the suite (must be 0). */
  hangs: number;
  /** Processes that exited with an error or a signal the suite did not send (must be 0). */
  crashes: number;
  /** Batch-level errors the coordinator saw, by code and what it did next. */
  errors: Record<string, number>;
  /** Outcomes of calls that could not complete normally, by errorType. */
  errorTypes: Record<string, number>;
}

/** Executions per `<batchId> <callId>`, read from the effects file. */
export async function readExecutions(
  effectsFile: string,
): Promise<Map<string, { replay: string; runs: number }>> {
  const text = await readFile(effectsFile, "utf8").catch(() => "");
  const runs = new Map<string, { replay: string; runs: number }>();
  for (const line of text.split("\n")) {
    const [kind, batchId, callId, replay] = line.split(" ");
    if (kind !== "run" || batchId === undefined || callId === undefined) continue;
    const key = `${batchId} ${callId}`;
    const entry = runs.get(key) ?? { replay: replay ?? "never", runs: 0 };
    entry.runs++;
    runs.set(key, entry);
  }
  return runs;
}

/** Counts a scenario from the coordinators' summaries and events and the effects file. */
export async function countFaults(options: {
  scenario: string;
  summaries: readonly BatchSummary[];
  events: readonly Record<string, unknown>[];
  effectsFile: string;
  hangs: number;
  crashes: number;
}): Promise<FaultCounts> {
  const executions = await readExecutions(options.effectsFile);
  const counts: FaultCounts = {
    scenario: options.scenario,
    batches: 0,
    calls: 0,
    oneOutcome: 0,
    noOutcome: 0,
    severalOutcomes: 0,
    executions: 0,
    neverTwice: 0,
    safeReruns: 0,
    invented: 0,
    hangs: options.hangs,
    crashes: options.crashes,
    errors: {},
    errorTypes: {},
  };
  for (const { runs } of executions.values()) counts.executions += runs;
  for (const summary of options.summaries) {
    const ran = summary.calls.some((call) => executions.has(`${summary.batchId} ${call.id}`));
    // A batch the journal never got ran nothing: the application runs it again, it is no loss.
    if (!summary.exists && !ran) continue;
    counts.batches++;
    for (const call of summary.calls) {
      counts.calls++;
      const settled = summary.completed ? (summary.settled[call.id] ?? 0) : 0;
      if (settled === 1) counts.oneOutcome++;
      else if (settled === 0) counts.noOutcome++;
      else counts.severalOutcomes++;
      const executed = executions.get(`${summary.batchId} ${call.id}`)?.runs ?? 0;
      if (call.name === "send" && executed > 1) counts.neverTwice++;
      if (call.name === "charge" && executed > 1) counts.safeReruns += executed - 1;
      const outcome = summary.outcomes[call.id];
      if (outcome !== undefined && !outcome.isError && executed === 0) counts.invented++;
      if (outcome?.isError) {
        const type = outcome.errorType ?? "error";
        counts.errorTypes[type] = (counts.errorTypes[type] ?? 0) + 1;
      }
    }
  }
  for (const event of options.events) {
    if (event.event !== "error") continue;
    const started =
      event.batchStarted === undefined ? "" : event.batchStarted ? " (started)" : " (not started)";
    const key = `${String(event.op)} ${String(event.code)}${started}`;
    counts.errors[key] = (counts.errors[key] ?? 0) + 1;
  }
  return counts;
}

/** One block of text with every count, printed on every run. */
export function describeCounts(counts: FaultCounts): string {
  const list = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([key, value]) => `${key} ×${value}`)
      .join(", ") || "none";
  return [
    `fault-suite ${counts.scenario}: ${counts.batches} batches, ${counts.calls} calls, ${counts.executions} executions`,
    `  exactly one outcome: ${counts.oneOutcome}; no outcome: ${counts.noOutcome}; several: ${counts.severalOutcomes}`,
    `  never executed twice: ${counts.neverTwice}; safe re-runs: ${counts.safeReruns}; outcomes without an execution: ${counts.invented}`,
    `  hangs: ${counts.hangs}; crashes: ${counts.crashes}`,
    `  batch errors seen: ${list(counts.errors)}`,
    `  call error outcomes: ${list(counts.errorTypes)}`,
  ].join("\n");
}
