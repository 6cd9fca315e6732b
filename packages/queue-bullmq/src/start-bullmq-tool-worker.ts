import { hostname } from "node:os";
import {
  type Seam,
  type SeamImplementations,
  ToolRegistry,
  type ToolSource,
} from "@toolwright/tool-core";
import type { ToolDispatchResult } from "@toolwright/tool-exec";
import { type Job, QueueEvents, Worker } from "bullmq";
import { type BullmqQueueOptions, bullmqArguments } from "./bullmq-queue-options";
import { CANCEL_EVENT, cancelQueueName, cancelReasonError } from "./cancel-event";
import { checkQueueName, QueueBullmqError } from "./queue-bullmq-error";
import { type DispatchWorkerState, runDispatchedJob } from "./run-dispatched-job";

/** Options of {@link startBullmqToolWorker}. */
export interface BullmqToolWorkerOptions extends BullmqQueueOptions {
  /** The worker's tools: the same names as the coordinator's (a `ToolRegistry` or an array). */
  readonly tools: ToolSource;
  /** The worker's seams (its file system, its credentials), for `context.use(seam)`. */
  readonly seams?: SeamImplementations;
  /** Jobs run at once in this process. Default 8. */
  readonly concurrency?: number;
  /** How long a job's lock lasts without renewal: a dead worker's job is redelivered after about this. Default 30 000. */
  readonly lockDurationMs?: number;
  /** How often this worker looks for jobs whose worker died. Default 30 000. */
  readonly stalledIntervalMs?: number;
  /** Runs of a `safe` call in all (first run and redeliveries); the next delivery is answered `interrupted`. Default 3. */
  readonly maxAttempts?: number;
  /** This worker's name, reported in `tool_not_found`. Default `<hostname>:<pid>`. */
  readonly name?: string;
  /**
   * Receives the worker's connection and internal errors (a lost Redis connection, a failed lock
   * renewal). **Contract:** must not throw; default `console.error`. A tool's failure never comes
   * here: it is the call's result.
   */
  readonly onError?: (error: Error) => void;
}

/** A running worker. */
export interface BullmqToolWorker {
  /** The name reported in `tool_not_found`. */
  readonly name: string;
  /** Stops taking jobs, waits for the running ones to finish, and closes the connections. */
  close(): Promise<void>;
}

/** A cancellation that arrived before its job started here is remembered this long. */
const EARLY_CANCEL_MEMORY_MS = 60_000;

/**
 * Starts a worker that runs dispatched tool calls: it takes jobs from `queueName`, runs
 * the named tool's `execute` with a context built for the worker, and returns a
 * `ToolDispatchResult`. A redelivered `never` call is answered `interrupted` without running; a
 * coordinator's cancel event aborts the tool's signal. Resolves once the worker listens.
 *
 * @example
 * ```ts
 * const worker = await startBullmqToolWorker({
 *   queueName: "tools", connection: { host: "127.0.0.1", port: 6379 }, tools: [resizeImage],
 * });
 * process.on("SIGTERM", () => void worker.close());
 * ```
 */
export async function startBullmqToolWorker(
  options: BullmqToolWorkerOptions,
): Promise<BullmqToolWorker> {
  const concurrency = positiveInteger(options.concurrency, 8, "concurrency");
  const maxAttempts = positiveInteger(options.maxAttempts, 3, "maxAttempts");
  const lockDuration = positiveInteger(options.lockDurationMs, 30_000, "lockDurationMs");
  const stalledInterval = positiveInteger(options.stalledIntervalMs, 30_000, "stalledIntervalMs");
  checkQueueName(options.queueName);
  const state: DispatchWorkerState = {
    name: options.name ?? `${hostname()}:${process.pid}`,
    tools: ToolRegistry.from(options.tools),
    seams: toSeamMap(options.seams),
    maxAttempts,
  };
  const onError = options.onError ?? ((error: Error) => console.error(error));
  const earlyCancels = new Map<string, { at: number; reason: string; attempt: string }>();
  /** The request attempt of each job running here. */
  const runningAttempts = new Map<string, string>();
  const processor = async (
    job: Job,
    _token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<ToolDispatchResult> => {
    const controller = new AbortController();
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    // A cancel is for the attempt it was published for: an older attempt's is stale.
    const attempt = String((job.data as { attempt?: unknown } | undefined)?.attempt);
    const early = job.id === undefined ? undefined : earlyCancels.get(job.id);
    if (early !== undefined && job.id !== undefined) {
      earlyCancels.delete(job.id);
      if (early.attempt === "" || early.attempt === attempt)
        controller.abort(cancelReasonError(early.reason));
    }
    if (job.id !== undefined) runningAttempts.set(job.id, attempt);
    try {
      return await runDispatchedJob(
        {
          data: job.data,
          attemptsStarted: job.attemptsStarted,
          signal: controller.signal,
          sendProgress: (partial) => job.updateProgress(partial as object),
        },
        state,
      );
    } finally {
      if (job.id !== undefined) runningAttempts.delete(job.id);
    }
  };
  // Each redelivery of a stalled job counts; one more than `maxAttempts` lets the worker answer
  // `interrupted` itself instead of BullMQ failing the job.
  const [queueName, workerOptions, backend] = bullmqArguments(options, {
    concurrency,
    lockDuration,
    stalledInterval,
    maxStalledCount: maxAttempts,
  });
  const worker = new Worker(queueName, processor, workerOptions, backend);
  worker.on("error", onError);
  const events = new QueueEvents(
    ...bullmqArguments({ ...options, queueName: cancelQueueName(options.queueName) }, {}),
  );
  events.on("error", onError);
  const onCancel = ({
    jobId,
    reason,
    attempt,
  }: {
    jobId: string;
    reason?: string;
    attempt?: string | number;
  }) => {
    // Without an attempt (a coordinator of an earlier version) the cancel applies to any attempt.
    const forAttempt = attempt === undefined ? "" : String(attempt);
    const running = runningAttempts.get(jobId);
    if (running !== undefined && forAttempt !== "" && running !== forAttempt) return;
    if (worker.cancelJob(jobId, cancelReasonError(reason) as unknown as string)) return;
    // Not running here (yet): the cancel may have crossed the job on its way to this worker.
    const now = Date.now();
    for (const [id, entry] of earlyCancels) {
      if (now - entry.at > EARLY_CANCEL_MEMORY_MS) earlyCancels.delete(id);
    }
    earlyCancels.set(jobId, { at: now, reason: reason ?? "aborted", attempt: forAttempt });
  };
  events.on(CANCEL_EVENT as "waiting", onCancel as never);
  try {
    await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
  } catch (error) {
    await Promise.allSettled([worker.close(true), events.close()]);
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    name: state.name,
    close() {
      closing ??= Promise.all([worker.close(), events.close()]).then(() => {});
      return closing;
    },
  };
}

function toSeamMap(seams: SeamImplementations | undefined): ReadonlyMap<Seam<unknown>, unknown> {
  if (seams === undefined) return new Map();
  if (seams instanceof Map) return seams;
  return new Map(seams as Iterable<readonly [Seam<unknown>, unknown]>);
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new QueueBullmqError(
      "INVALID_ARGUMENT",
      `${name} must be a positive integer, got ${String(value)}`,
    );
  }
  return value;
}
