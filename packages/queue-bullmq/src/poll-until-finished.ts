import type { Job } from "bullmq";

/** The rejection of {@link pollUntilFinished} for a job the queue no longer has. */
export class LostJobError extends Error {
  constructor(jobId: string) {
    super(
      `Job ${jobId} is no longer in the queue: it was lost (a Redis restart without persistence, a FLUSHDB, an eviction) or removed by someone else`,
    );
    this.name = "LostJobError";
  }
}

/**
 * The job's end read from its state every `intervalMs`: a fallback beside
 * `job.waitUntilFinished(queueEvents)` (`readJob` is `(id) => Job.fromId(queue, id)`), whose
 * completion event is lost when the job finishes after BullMQ's own `isFinished` check but before
 * the `QueueEvents` stream read has begun (seen on the first call after a dispatcher starts: the
 * call waited forever). Resolves with the return value of a completed job, rejects with the reason
 * of a failed one, and with {@link LostJobError} when the job — which existed when the poll began —
 * is gone: no result will ever come for it. Once `stop` aborts it never settles. A failed read (a
 * connection hiccup, Redis restarting) is retried at the next tick.
 */
export function pollUntilFinished(
  readJob: (jobId: string) => Promise<Job | undefined>,
  jobId: string,
  stop: AbortSignal,
  intervalMs = 1000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stop.aborted) return;
      try {
        let job = await readJob(jobId);
        const state = job === undefined ? undefined : await job.getState();
        // The job was read before its state: a job that ended between the two reads is a
        // snapshot from before its end, with no return value or reason yet. BullMQ writes the
        // end and the state in one script, so a read after a terminal state sees both.
        if (state === "completed" || state === "failed") job = await readJob(jobId);
        if (stop.aborted) return;
        if (job === undefined) return reject(new LostJobError(jobId));
        if (state === "completed") return resolve(job.returnvalue);
        if (state === "failed") return reject(new Error(job.failedReason));
      } catch {
        // Read again at the next tick.
      }
      if (!stop.aborted) timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    stop.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });
}
