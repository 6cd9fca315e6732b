import { type Seam, ToolError, type ToolRegistry } from "@toolwright/tool-core";
import {
  ABORTED_TEXT,
  describeThrown,
  type ToolDispatchResult,
  ToolRunnerSeam,
} from "@toolwright/tool-exec";
import { readDispatchRequest } from "./read-dispatch-request";
import { toDispatchResult } from "./to-dispatch-result";
import { WorkerToolContext } from "./worker-tool-context";

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
 * otherwise the tool runs and its value, or its throw, becomes the result. Never rejects: whatever
 * happens is a result the coordinator can settle.
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
  const missing = tool.seams?.find(
    (seam) => seam !== (ToolRunnerSeam as Seam<unknown>) && !state.seams.has(seam),
  );
  if (missing !== undefined) {
    return {
      status: "threw",
      message: `Seam ${missing.name} is not provided`,
      errorType: "seam_not_provided",
    };
  }
  const timeout = timeoutSignal(request.timeoutMs);
  const signal = timeout === undefined ? job.signal : AbortSignal.any([job.signal, timeout]);
  if (signal.aborted) {
    const errorType = errorTypeOfThrow(undefined, job.signal, timeout);
    return { status: "threw", message: ABORTED_TEXT, errorType };
  }
  const context = new WorkerToolContext(
    { tools: state.tools, seams: state.seams, sendProgress: job.sendProgress },
    request,
    attempt,
    signal,
  );
  let outcome: ToolDispatchResult;
  try {
    const returned = await tool.execute(request.args as never, context as never);
    outcome = toDispatchResult(tool, returned);
  } catch (error) {
    outcome = {
      status: "threw",
      message: describeThrown(error),
      errorType: errorTypeOfThrow(error, job.signal, timeout),
    };
  }
  await context.settle();
  return outcome;
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
