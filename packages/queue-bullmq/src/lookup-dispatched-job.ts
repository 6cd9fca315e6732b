import type { ToolDispatchLookup } from "@toolwright/tool-exec";
import type { Job } from "bullmq";
import { QueueBullmqError } from "./queue-bullmq-error";
import { readDispatchResult } from "./read-dispatch-result";

/** States in which a job will still produce a result. */
const UNFINISHED = new Set(["active", "waiting", "delayed", "prioritized", "waiting-children"]);

/**
 * What became of the job `jobId` (SPEC §12 `lookup`): `completed` gives the worker's result;
 * a job still queued or running is `running`; no job (never added, or removed after its retention)
 * is `unknown`. A job BullMQ failed gives `threw` with `errorType: "dispatch_failed"`, since no
 * worker result exists for it. Rejects when the queue cannot be read.
 */
export async function lookupDispatchedJob(
  findJob: (jobId: string) => Promise<Job | undefined>,
  jobId: string,
): Promise<ToolDispatchLookup> {
  const job = await findJob(jobId);
  if (job === undefined) return { status: "unknown" };
  const state = await job.getState();
  if (state === "completed") {
    const result = readDispatchResult(job.returnvalue);
    if (result !== undefined) return result;
    throw new QueueBullmqError(
      "INVALID_RESULT",
      `Job ${jobId} completed with a value that is not a dispatch result`,
    );
  }
  if (state === "failed") {
    return {
      status: "threw",
      message: `The remote job ${jobId} failed: ${job.failedReason}`,
      errorType: "dispatch_failed",
    };
  }
  if (UNFINISHED.has(state)) return { status: "running" };
  return { status: "unknown" };
}
