import { open } from "node:fs/promises";

/** fsyncs a folder, so that a file created in it survives a crash (its entry is durable). */
export async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
