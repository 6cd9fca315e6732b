import { readdir } from "node:fs/promises";
import type { ToolCallJournal } from "@toolwright/tool-exec";
import { listOpenToolBatches } from "@toolwright/tool-exec";
import type { DemoEvent } from "../demo-event";
import { describeJournalRecords } from "./describe-journal-records";

/**
 * The `journal_summary` event at the end of a `--journal DIR` run: the batch files the folder
 * holds (the demo keeps completed ones, `retainCompleted: true`, so they can be read afterwards),
 * how many records they hold, and the batches still open (none after a clean run).
 */
export async function summarizeJournal(
  journal: ToolCallJournal,
  dir: string,
): Promise<Extract<DemoEvent, { type: "journal_summary" }>> {
  const files = (await readdir(dir)).filter(
    (name) => name.endsWith(".jsonl") && !name.endsWith(".decisions.jsonl"),
  );
  let records = 0;
  let started = 0;
  let settled = 0;
  for (const file of files) {
    const views = describeJournalRecords(await journal.read(file.slice(0, -".jsonl".length)));
    records += views.length;
    started += views.filter((view) => view.t === "started").length;
    settled += views.filter((view) => view.t === "settled").length;
  }
  return {
    type: "journal_summary",
    dir,
    batches: files.length,
    records,
    started,
    settled,
    open: await listOpenToolBatches(journal),
  };
}
