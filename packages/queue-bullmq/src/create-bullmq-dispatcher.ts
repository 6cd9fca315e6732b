import type { Tool, ToolUpdate } from "@toolwright/tool-core";
import type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "@toolwright/tool-exec";
import { Job, Queue, QueueEvents, QueueEventsProducer } from "bullmq";
import { type BullmqQueueOptions, bullmqArguments } from "./bullmq-queue-options";
import { cancelDispatchedJob } from "./cancel-dispatched-job";
import { cancelQueueName } from "./cancel-event";
import { jobIdForKey } from "./job-id-for-key";
import { lookupDispatchedJob } from "./lookup-dispatched-job";
import { LostJobError, pollUntilFinished } from "./poll-until-finished";
import { checkQueueName, QueueBullmqError } from "./queue-bullmq-error";
import { readDispatchResult } from "./read-dispatch-result";

/** Options of {@link createBullmqDispatcher}. */
export interface BullmqDispatcherOptions extends BullmqQueueOptions {
  /**
   * How long finished jobs are kept, in milliseconds, so `lookup` can still find a result after a
   * coordinator crash (and a repeated `execute` of the same key gets the same result). Default
   * 86 400 000 (a day).
   */
  readonly jobRetentionMs?: number;
  /**
   * Which tools run remotely.
   *
   * **Contract:** synchronous and cheap; must not throw or mutate the tool. Default: every tool.
   */
  readonly handles?: (tool: Tool) => boolean;
}

/** A {@link ToolDispatcher} on BullMQ, with the connections it opened. */
export interface BullmqDispatcher extends ToolDispatcher {
  lookup(key: string): Promise<ToolDispatchLookup>;
  /** Closes the queue's connections. Calls still waiting reject; their jobs stay in the queue. */
  close(): Promise<void>;
}

/**
 * The coordinator's side of remote execution: each call becomes a BullMQ job named after
 * its tool, with an id derived from the call's idempotency key, and `execute` resolves with what a
 * worker (`startBullmqToolWorker`) reports. Progress arrives as `onUpdate`; an abort removes a job
 * that has not started and asks the worker running one to stop (a `tw-cancel` queue event).
 * Resolves once its queue events are listening.
 *
 * @example
 * ```ts
 * const dispatcher = await createBullmqDispatcher({
 *   queueName: "tools", connection: { host: "127.0.0.1", port: 6379 },
 *   handles: (tool) => tool.name === "resize_image",
 * });
 * const result = await dispatcher.execute(request, { signal, onUpdate });
 * ```
 */
export async function createBullmqDispatcher(
  options: BullmqDispatcherOptions,
): Promise<BullmqDispatcher> {
  const retentionMs = options.jobRetentionMs ?? 86_400_000;
  if (!Number.isFinite(retentionMs) || retentionMs < 0) {
    throw new QueueBullmqError("INVALID_ARGUMENT", "jobRetentionMs must be a finite number >= 0");
  }
  checkQueueName(options.queueName);
  const retention = { age: Math.ceil(retentionMs / 1000) };
  const queue = new Queue(...bullmqArguments(options, {}));
  const events = new QueueEvents(...bullmqArguments(options, {}));
  const producer = new QueueEventsProducer(
    ...bullmqArguments({ ...options, queueName: cancelQueueName(options.queueName) }, {}),
  );
  // Without listeners an 'error' event would crash the process; a lost connection shows up as the
  // failing calls instead (BullMQ reconnects on its own).
  const ignore = () => {};
  queue.on("error", ignore);
  events.on("error", ignore);
  producer.on("error", ignore);
  // Every call in flight listens on both (BullMQ's waitUntilFinished adds a `closing` listener).
  events.setMaxListeners(0);
  queue.setMaxListeners(0);
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), producer.waitUntilReady()]);
  let closed = false;

  async function execute(
    request: ToolDispatchRequest,
    io: { readonly signal: AbortSignal; onUpdate(partial: ToolUpdate): void },
  ): Promise<ToolDispatchResult> {
    if (closed) throw new QueueBullmqError("CLOSED", "The dispatcher is closed");
    io.signal.throwIfAborted();
    const jobId = jobIdForKey(request.key);
    const signal = withTimeout(io.signal, request.timeoutMs);
    const progressEvent = `progress:${jobId}`;
    const onProgress = ({ data }: { data: unknown }) => {
      try {
        io.onUpdate(data as ToolUpdate);
      } catch {
        // `onUpdate` must not throw; a broken listener cannot break the call.
      }
    };
    events.on(progressEvent as "progress", onProgress as never);
    let onAbort: (() => void) | undefined;
    const abortListener = () => onAbort?.();
    const stopPolling = new AbortController();
    try {
      const cancelReason = () => (io.signal.aborted ? "aborted" : "timeout");
      // An existing job with this id (the same key) is not added again: this call awaits it.
      const adding = queue.add(request.toolName, request, {
        jobId,
        attempts: 1,
        removeOnComplete: retention,
        removeOnFail: retention,
      });
      let job: Job;
      try {
        // While Redis is unreachable an add waits for it; the call's abort and time limit still
        // end the wait (a job added after all is then cancelled, or removed if no worker took it).
        job = await raceAbort(adding, signal);
      } catch (error) {
        if (signal.aborted && error === signal.reason) {
          void adding.then(
            (late) => cancelDispatchedJob(late, producer, cancelReason(), request.attempt),
            () => {},
          );
          throw error;
        }
        throw new QueueBullmqError(
          closed ? "CLOSED" : "QUEUE_UNAVAILABLE",
          `Could not queue job ${jobId} (tool ${request.toolName}): ${messageOf(error)}`,
          { cause: error },
        );
      }
      const removed = new Promise<never>((_resolve, reject) => {
        onAbort = () => {
          void cancelDispatchedJob(job, producer, cancelReason(), request.attempt).then(
            (wasRemoved) => {
              if (wasRemoved) reject(signal.reason);
            },
          );
        };
      });
      removed.catch(() => {});
      if (signal.aborted) onAbort?.();
      else signal.addEventListener("abort", abortListener, { once: true });
      let value: unknown;
      try {
        value = await Promise.race([
          job.waitUntilFinished(events),
          removed,
          pollUntilFinished((id) => Job.fromId(queue, id), jobId, stopPolling.signal),
        ]);
      } catch (error) {
        if (error === signal.reason && signal.aborted) throw error;
        if (error instanceof LostJobError) {
          throw new QueueBullmqError(
            "JOB_LOST",
            `${error.message}; the call (tool ${request.toolName}) gets no result, and the tool may or may not have run`,
            { cause: error },
          );
        }
        throw new QueueBullmqError(
          closed ? "CLOSED" : "JOB_FAILED",
          `Job ${jobId} (tool ${request.toolName}) failed in BullMQ: ${messageOf(error)}`,
          { cause: error },
        );
      }
      const result = readDispatchResult(value);
      if (result === undefined) {
        throw new QueueBullmqError(
          "INVALID_RESULT",
          `Job ${jobId} (tool ${request.toolName}) finished with a value that is not a dispatch result`,
        );
      }
      return result;
    } finally {
      stopPolling.abort();
      onAbort = undefined;
      signal.removeEventListener("abort", abortListener);
      events.off(progressEvent as "progress", onProgress as never);
    }
  }

  return {
    ...(options.handles === undefined ? {} : { handles: options.handles }),
    execute,
    lookup: (key) => lookupDispatchedJob((jobId) => Job.fromId(queue, jobId), jobIdForKey(key)),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([events.close(), producer.close()]);
      await queue.close();
    },
  };
}

/** `promise`, or a rejection with `signal.reason` as soon as `signal` aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** `signal`, also aborting after `timeoutMs` when the call has a time limit. */
function withTimeout(signal: AbortSignal, timeoutMs: number | undefined): AbortSignal {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs) || timeoutMs <= 0) return signal;
  return AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
