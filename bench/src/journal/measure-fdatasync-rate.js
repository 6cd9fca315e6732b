// The reference of the file journal's figures: how many `fdatasync`ed appends per second this
// machine's disk takes, one after another, through the same fs/promises calls the journal uses
// (FileHandle.write of a ~200-byte line, then datasync), in the folder the journal writes to.
// No journal can keep its promise ("durable when it resolves") for more one-at-a-time appends
// than this; group commit is how it can serve more calls than syncs.
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileWork } from "./count-journal-work.js";

/**
 * Appends-with-datasync per second in `dir`, over about `durationMs`.
 * @param {string} dir
 * @param {number} durationMs
 */
export async function measureFdatasyncRate(dir, durationMs) {
  const path = join(dir, "fdatasync-reference.jsonl");
  const handle = await open(path, "a");
  const line = Buffer.from(
    `${JSON.stringify({ t: "settled", callId: "x", pad: "y".repeat(160) })}\n`,
  );
  const countedBefore = fileWork.datasync;
  try {
    for (let warm = 0; warm < 20; warm++) {
      await handle.write(line);
      await handle.datasync();
    }
    let appends = 0;
    const started = performance.now();
    const deadline = started + durationMs;
    while (performance.now() < deadline) {
      await handle.write(line);
      await handle.datasync();
      appends++;
    }
    return appends / ((performance.now() - started) / 1000);
  } finally {
    // The reference's own syncs are not the journal's.
    fileWork.datasync = countedBefore;
    await handle.close();
    await rm(path, { force: true });
  }
}
