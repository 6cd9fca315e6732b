/**
 * The custom queue event a coordinator publishes (`QueueEventsProducer.publishEvent`) to cancel a
 * dispatched job, `{ eventName: "tw-cancel", jobId, reason, attempt }`; every worker's `QueueEvents`
 * hears it and the one running the job aborts its tool's signal. `attempt` is the request's: a
 * worker that remembers a cancel for a job it has not started applies it to that attempt only, so
 * a later attempt under the same key (recovery re-running a `safe` call) is not cancelled by it.
 * The same on every BullMQ backend.
 */
export const CANCEL_EVENT = "tw-cancel";

/**
 * The queue whose event stream carries the cancel events of `queueName`: a sibling of the job
 * queue, so a worker listening for cancels does not also read (and parse) every progress and
 * completion event of the job queue — with N workers that would be N extra readers of every result.
 */
export function cancelQueueName(queueName: string): string {
  return `${queueName}-tw-cancel`;
}

/** Why a coordinator cancels: its caller aborted, or the call's `timeoutMs` passed. */
export type CancelReason = "aborted" | "timeout";

/** The abort reason a worker's tool sees for a cancel: an `AbortError`, or a `TimeoutError` as `AbortSignal.timeout` gives. */
export function cancelReasonError(reason: unknown): DOMException {
  return reason === "timeout"
    ? new DOMException(
        "The call's time limit passed (cancelled by the coordinator)",
        "TimeoutError",
      )
    : new DOMException("The call was cancelled by the coordinator", "AbortError");
}
