import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SuspendedBatch } from "@toolwright/tool-exec";

/** Where {@link saveSuspendedBatch} wrote a state, and how large it is. */
export interface SavedSuspendedBatch {
  readonly path: string;
  readonly bytes: number;
}

/**
 * Writes a suspended batch's state as JSON to `<root>/.approvals/<batchId>.json` (pretty-printed,
 * the way an application would keep it for a reviewer), replacing an older revision. The batch id
 * is safe as a file name: the executor only accepts `[A-Za-z0-9_.-]{1,128}`.
 */
export async function saveSuspendedBatch(
  root: string,
  state: SuspendedBatch,
): Promise<SavedSuspendedBatch> {
  const directory = join(root, ".approvals");
  await mkdir(directory, { recursive: true });
  const path = join(directory, `${state.batchId}.json`);
  const text = `${JSON.stringify(state, null, 2)}\n`;
  await writeFile(path, text, "utf8");
  return { path, bytes: Buffer.byteLength(text) };
}

/**
 * Reads a state written by {@link saveSuspendedBatch}. Only parsed here: `resumeToolBatch`
 * validates it (and rejects a damaged one with `ToolBatchError` before anything runs).
 */
export async function loadSuspendedBatch(path: string): Promise<SuspendedBatch> {
  return JSON.parse(await readFile(path, "utf8")) as SuspendedBatch;
}
