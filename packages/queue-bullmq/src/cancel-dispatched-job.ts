import type { Job } from "bullmq";
import { CANCEL_EVENT, type CancelReason } from "./cancel-event";

/** States of a job no worker has taken yet: such a job is removed rather than cancelled. */
const NOT_STARTED = new Set(["waiting", "delayed", "prioritized", "waiting-children"]);

/**
 * Stops a dispatched job: one that has not started is removed from the queue (resolves `true`: no
 * result will ever come); one that runs gets the `tw-cancel` event for the request's `attempt`, and
 * the worker running it aborts its tool's signal with `reason` (resolves `false`: the worker will
 * still report how the tool ended).
 * Never rejects: a cancel that cannot be delivered leaves the call to its time limit.
 */
export async function cancelDispatchedJob(
  job: Job,
  producer: {
    publishEvent(event: {
      eventName: string;
      jobId: string | undefined;
      reason: string;
      attempt: number;
    }): Promise<void>;
  },
  reason: CancelReason,
  attempt: number,
): Promise<boolean> {
  try {
    if (NOT_STARTED.has(await job.getState())) {
      try {
        await job.remove();
        return true;
      } catch {
        // A worker locked it meanwhile: it runs now, so it is cancelled below.
      }
    }
    await producer.publishEvent({ eventName: CANCEL_EVENT, jobId: job.id, reason, attempt });
  } catch {
    // The queue is unreachable; the executor's own time limit and abort still end the call.
  }
  return false;
}
