/**
 * Serialises read-modify-write windows per file. Two tools of one parallel batch that edit the
 * same file would otherwise both read the old text and the later write would lose the earlier
 * edit. The key is the file's real path, so `./a.txt`, `/abs/a.txt` and a symlink to it share one
 * queue; a file that does not exist yet is keyed by its nearest existing ancestor's real path plus
 * the rest, so it shares the queue it will have once created.
 */
import { realpath } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

const queues = new Map<string, Promise<void>>();

// Resolving a path is async and takes longer for a deeper missing path; chaining the resolutions
// makes calls join their queue in the order they were made, not the order their lookups finished.
let resolutions: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` once every earlier `fn` for the same real file path has settled; calls for different
 * files run concurrently. A rejecting `fn` releases the next waiter and rejects this call with its
 * error.
 *
 * **Contract:** `fn` should do the whole read-modify-write inside; it may throw or reject (the
 * error is passed through). Calls for one file run in the order they were made.
 *
 * @example
 * ```ts
 * await withFileMutationQueue(params.path, async () => {
 *   const text = await readFile(params.path, "utf8");
 *   await writeFile(params.path, text.replace(params.oldText, params.newText));
 * });
 * ```
 */
export async function withFileMutationQueue<T>(path: string, fn: () => T | Promise<T>): Promise<T> {
  const resolving = resolutions.then(() => resolveQueueKey(path));
  resolutions = resolving.catch(() => undefined);
  const key = await resolving;
  const previous = queues.get(key);
  let release!: () => void;
  const current = new Promise<void>((resolvePromise) => {
    release = resolvePromise;
  });
  const tail = previous === undefined ? current : previous.then(() => current);
  queues.set(key, tail);
  try {
    if (previous !== undefined) await previous;
    return await fn();
  } finally {
    release();
    // The last waiter removes the key, so the map does not grow with every file ever touched.
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/** The real path of `path`, or of its nearest existing ancestor joined with the missing rest. */
async function resolveQueueKey(path: string): Promise<string> {
  const absolute = resolve(path);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(basename(current));
      current = parent;
    }
  }
}
