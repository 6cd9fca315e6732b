import {
  copyJsonValue,
  type Seam,
  ToolError,
  type ToolRegistry,
  type ToolUpdate,
} from "@toolwright/tool-core";
import {
  describeThrown,
  executeDispatchedCall,
  type ToolDispatchResult,
} from "@toolwright/tool-exec";
import { readDispatchRequest } from "./read-dispatch-request";
import { toDispatchResult } from "./to-dispatch-result";

/** What the worker knows when a job starts. */
export interface DispatchedJob {
  readonly data: unknown;
  /** BullMQ's `job.attemptsStarted`: 1 on the first delivery, more after a redelivery. */
  readonly attemptsStarted: number;
  /** Aborts when the coordinator cancels the job (or the worker closes). */
  readonly signal: AbortSignal;
  sendProgress(partial: unknown): Promise<void>;
}

/** The worker's side of every job. */
export interface DispatchWorkerState {
  readonly name: string;
  readonly tools: ToolRegistry;
  readonly seams: ReadonlyMap<Seam<unknown>, unknown>;
  readonly maxAttempts: number;
}

/**
 * One job on a worker (worker steps 1–4): a redelivered `never` call, or one past
 * `maxAttempts`, is answered `interrupted` without running; an unknown tool is `tool_not_found`;
 * otherwise the tool runs through tool-exec's own step 6 (`executeDispatchedCall`: abort, seams,
 * `execute` with the request's key and this attempt, updates as job progress, nested calls on this
 * worker) and its value, or its throw, becomes the result. Never rejects: whatever happens is a
 * result the coordinator can settle.
 */
export async function runDispatchedJob(
  job: DispatchedJob,
  state: DispatchWorkerState,
): Promise<ToolDispatchResult> {
  const read = readDispatchRequest(job.data);
  if (!read.ok) {
    return {
      status: "threw",
      message: `The job is not a tool call request: ${read.reason}`,
      errorType: "invalid_request",
    };
  }
  const { request } = read;
  const attemptsStarted = Math.max(1, job.attemptsStarted);
  const attempt = request.attempt + attemptsStarted - 1;
  if (attemptsStarted > 1 && request.replay === "never") {
    return { status: "interrupted", attempts: attempt - 1 };
  }
  if (attempt > state.maxAttempts) return { status: "interrupted", attempts: attempt - 1 };
  const tool = state.tools.get(request.toolName);
  if (tool === undefined) return { status: "tool_not_found", worker: state.name };
  const timeout = timeoutSignal(request.timeoutMs);
  const signal = timeout === undefined ? job.signal : AbortSignal.any([job.signal, timeout]);
  const executed = await executeDispatchedCall(request, {
    tool,
    tools: state.tools,
    seams: state.seams,
    signal,
    attempt,
    onUpdate: progressSender(job),
  });
  switch (executed.status) {
    case "returned":
      return toDispatchResult(tool, executed.value);
    case "threw":
      return {
        status: "threw",
        message: describeThrown(executed.error),
        errorType: errorTypeOfThrow(executed.error, job.signal, timeout),
      };
    default:
      return {
        status: "threw",
        message: executed.text,
        // An abort before `execute` says which signal fired, as a throw after it does.
        errorType:
          executed.errorType === "aborted"
            ? errorTypeOfThrow(undefined, job.signal, timeout)
            : executed.errorType,
      };
  }
}

/**
 * The job's update listener: each partial result goes to the coordinator as JSON (a non-JSON
 * `details` left out, an unusable update skipped), one write after another — sent all at once, a
 * backend with a connection pool (BullMQ's PostgreSQL one) may commit them out of order, and the
 * coordinator would show step 3 before step 2. A failed write must not fail the tool: the result
 * matters more. The call's end waits for the last write, so progress reaches the coordinator
 * before the result.
 */
function progressSender(job: DispatchedJob): (partial: ToolUpdate) => Promise<void> | undefined {
  let sent: Promise<void> = Promise.resolve();
  return (partial) => {
    const sendable = toSendableUpdate(partial);
    if (sendable === undefined) return undefined;
    sent = sent.then(() => job.sendProgress(sendable)).catch(() => {});
    return sent;
  };
}

/** A partial result as JSON: a non-JSON `details` is left out, an unusable update is skipped. */
function toSendableUpdate(partial: ToolUpdate): unknown {
  const copied = copyJsonValue(partial);
  if (copied.ok) return copied.value;
  if (partial === null || typeof partial !== "object") return undefined;
  const content = copyJsonValue(partial.content);
  return content.ok && content.value !== undefined ? { content: content.value } : undefined;
}

function timeoutSignal(timeoutMs: number | undefined): AbortSignal | undefined {
  return timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0
    ? AbortSignal.timeout(timeoutMs)
    : undefined;
}

/** A throw after the call's time limit is a timeout; after a cancellation, an abort. */
function errorTypeOfThrow(
  error: unknown,
  cancel: AbortSignal,
  timeout: AbortSignal | undefined,
): string {
  if (timeout?.aborted === true) return "timeout";
  if (
    cancel.aborted &&
    (cancel.reason as { name?: unknown } | undefined)?.name === "TimeoutError"
  ) {
    return "timeout";
  }
  if (cancel.aborted) return "aborted";
  if (ToolError.isInstance(error) && error.code === "SEAM_NOT_PROVIDED") return "seam_not_provided";
  return "tool_error";
}
