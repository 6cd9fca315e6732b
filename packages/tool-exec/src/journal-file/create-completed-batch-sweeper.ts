import { sweepCompletedBatches } from "./sweep-completed-batches";

/** Deletes expired completed batches for the file journal's `retainCompletedMs`. */
export interface CompletedBatchSweeper {
  /**
   * Starts a sweep unless one runs or one ran less than `min(retainMs, 60 s)` ago; resolves when
   * the running sweep (if any) ends. Never rejects: a failed sweep is tried again next period.
   */
  sweep(): Promise<unknown>;
  /** Resolves when the running sweep (if any) ends. */
  settled(): Promise<unknown>;
}

/**
 * The sweeper of a file journal's folder: `retainMs` infinite (no `retainCompletedMs`) sweeps
 * nothing; `onDeleted` hears each batch whose files were deleted.
 */
export function createCompletedBatchSweeper(
  dir: string,
  retainMs: number,
  onDeleted: (batchId: string) => void,
): CompletedBatchSweeper {
  const period = Math.min(retainMs, 60_000);
  let sweeping: Promise<unknown> | undefined;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    sweep() {
      if (!Number.isFinite(retainMs) || sweeping !== undefined || Date.now() - lastSweep < period)
        return sweeping ?? Promise.resolve();
      lastSweep = Date.now();
      sweeping = sweepCompletedBatches(dir, retainMs)
        .then((deleted) => {
          for (const batchId of deleted) onDeleted(batchId);
        })
        .catch(() => {})
        .finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    },
    settled: () => sweeping ?? Promise.resolve(),
  };
}
