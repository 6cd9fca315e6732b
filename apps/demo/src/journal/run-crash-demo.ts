import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import type { ToolCallJournal } from "@toolwright/tool-exec";
import { recoverToolBatch } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";
import { findDemoDirectory } from "../find-demo-directory";
import { openDemoRun } from "../open-demo-run";
import type { DemoOutput } from "../render";
import type { DemoOptions, DemoResult } from "../run-demo";
import { CRASH_MARKERS } from "./crash-batch-calls";
import { appendEffect, CrashEffectsSeam, crashTools, type EffectLine } from "./crash-tools";
import { describeJournalRecords } from "./describe-journal-records";
import { runCrashChild } from "./run-crash-child";

/** Options of {@link runCrashDemo}: the demo's, plus where the child script is. */
export interface CrashDemoOptions extends DemoOptions {
  /** The built child (`dist/crash-child.js`); default: found beside this package's `package.json`. */
  readonly childScript?: string;
}

const CRASH_NARRATION =
  "A child process runs one batch with the file journal: lookup_customer settles, then fetch_rates (replay: safe) and send_invoice (replay: never) record their effects and are still running when the demo kills the child with SIGKILL. The journal holds started records without settled ones.";
const RECOVERY_NARRATION =
  "recoverToolBatch takes the dead child's lock and rebuilds every call: the settled lookup is reused without running, send_invoice may have taken effect so it is settled as interrupted and never run again, fetch_rates runs again as attempt 2 with the same idempotencyKey.";

/**
 * `--crash`: the crash-and-recover scene (SPEC §11), offline. Spawns the built child, kills it
 * mid-batch with SIGKILL, then recovers the batch in this process from the file journal — in
 * `--journal DIR` when given (kept), else in `<sandbox>/.journal` — and shows the journal's
 * records before and after, and every effect the tools had in either process.
 */
export async function runCrashDemo(
  options: CrashDemoOptions,
  output: DemoOutput,
): Promise<DemoResult> {
  const { emit, sandbox, finish } = await openDemoRun(options, output);
  let journal: ToolCallJournal | undefined;
  try {
    const dir = options.journal ?? join(sandbox.root, ".journal");
    const effectsFile = join(sandbox.root, "effects.jsonl");
    const batchId = randomUUID();
    const tools = new ToolRegistry([...crashTools]);
    await emit({
      type: "demo_start",
      model: "none (crash scene)",
      sandbox: sandbox.root,
      files: sandbox.files,
      tools: tools.list().map((tool) => tool.name),
    });
    await emit({ type: "scene", title: "A crash mid-batch", narration: CRASH_NARRATION });
    let reported: Promise<void> = Promise.resolve();
    const killed = await runCrashChild(
      options.childScript ?? join(findDemoDirectory(), "dist", "crash-child.js"),
      [dir, effectsFile, batchId],
      CRASH_MARKERS,
      {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        onStarted(pid) {
          reported = emit({ type: "child_started", pid, batchId });
        },
      },
    );
    await reported;
    await emit({
      type: "child_killed",
      pid: killed.pid,
      signal: killed.signal,
      markers: killed.markers,
    });
    journal = createFileJournal({ dir, retainCompleted: true });
    await emit({
      type: "journal_records",
      batchId,
      moment: "after the crash",
      records: describeJournalRecords(await journal.read(batchId)),
    });

    await emit({ type: "scene", title: "Recovery", narration: RECOVERY_NARRATION });
    await emit({ type: "batch_start", turn: 1, via: "recoverToolBatch" });
    const outcome = await recoverToolBatch(batchId, {
      tools,
      journal,
      seams: [
        provideSeam(CrashEffectsSeam, {
          record: (line) => appendEffect(effectsFile, line),
          afterEffect: async () => {},
        }),
      ],
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      onEvent: (event) => emit({ ...event, turn: 1 }),
    });
    if (outcome.status !== "complete") throw new Error("The recovered batch did not complete");
    await emit({
      type: "batch_end",
      turn: 1,
      mode: outcome.mode,
      terminate: outcome.terminate,
      resultOrder: outcome.messages.map((message) => message.toolCallId),
      errorTypes: outcome.outcomes.flatMap((entry) =>
        entry.errorType === undefined ? [] : [entry.errorType],
      ),
    });
    await emit({
      type: "journal_records",
      batchId,
      moment: "after recovery",
      records: describeJournalRecords(await journal.read(batchId)),
    });
    await emit({ type: "effects", path: effectsFile, lines: await readEffects(effectsFile) });
    return await finish({
      reason: "answered",
      turns: 0,
      toolCalls: outcome.outcomes.length,
      errors: outcome.outcomes.filter((entry) => entry.isError).length,
      messages: outcome.messages,
      finalTools: tools.list().map((tool) => tool.name),
    });
  } finally {
    await journal?.close();
    await sandbox.cleanup();
  }
}

async function readEffects(path: string): Promise<EffectLine[]> {
  const text = await readFile(path, "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as EffectLine);
}
