import { readdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { readMainFile } from "./read-batch-files";

const MAIN_SUFFIX = ".jsonl";
const DECISIONS_SUFFIX = ".decisions.jsonl";

/**
 * Deletes the files of the batches in `dir` whose `completed` record is older than `retainMs`
 * (`retainCompletedMs` of the file journal); returns their ids. A file last written within the
 * period is not even read (a completed batch's file is not written after its `completed` record);
 * an unreadable one is left alone. Another process reading a batch being deleted reads `[]`.
 */
export async function sweepCompletedBatches(
  dir: string,
  retainMs: number,
  now = Date.now(),
): Promise<string[]> {
  const deadline = now - retainMs;
  const deleted: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.endsWith(MAIN_SUFFIX) || name.endsWith(DECISIONS_SUFFIX)) continue;
    const path = join(dir, name);
    const modified = await stat(path).then(
      (status) => status.mtimeMs,
      () => Number.POSITIVE_INFINITY,
    );
    if (modified > deadline) continue;
    const last = (await readMainFile(path).catch(() => undefined))?.records.at(-1);
    if (last?.t !== "completed" || !(Date.parse(last.at) <= deadline)) continue;
    const batchId = name.slice(0, -MAIN_SUFFIX.length);
    await unlink(path).catch(() => {});
    await unlink(join(dir, `${batchId}${DECISIONS_SUFFIX}`)).catch(() => {});
    deleted.push(batchId);
  }
  return deleted;
}
