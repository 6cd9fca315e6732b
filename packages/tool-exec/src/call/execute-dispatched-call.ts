/**
 * Step 6 on a worker: the call a coordinator's `ToolDispatcher` sent, run by the same step 6 as a
 * local call — the abort check, the tool's seams, `execute` with the context a local call gets,
 * update listeners settled — on a frame of its own. Steps 1–5 and 7 stay with the coordinator: it
 * validated the args it sent and checks and renders the value it gets back.
 */
import type { JsonObject, SeamImplementations, Tool, ToolSource } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import type { ToolDispatchRequest } from "../dispatch/tool-dispatcher";
import { isPromiseLike } from "../maybe-async";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import { CallFrame, FIRST_START } from "./call-frame";
import { openToolContext, refuseExecution } from "./execute-tool";
import { invokeTool } from "./invoke-tool";
import type { ToolUpdateListener } from "./run-tool-call-options";
import { ToolRun } from "./tool-run";

/** What a worker gives {@link executeDispatchedCall} besides the request. */
export interface ExecuteDispatchedCallOptions {
  /** The worker's tool of the request's `toolName` (the worker looked it up). */
  readonly tool: Tool;
  /** The worker's tools: what a nested call (`ToolRunnerSeam`) runs. */
  readonly tools: ToolSource;
  /** The worker's seam implementations. */
  readonly seams?: SeamImplementations | undefined;
  /** Aborts the call: the job's cancellation and its time limit. */
  readonly signal: AbortSignal;
  /** The attempt the worker computed: the tool's context says it. */
  readonly attempt: number;
  /**
   * Receives the tool's partial results. **Contract:** may return a promise: the call's end waits
   * for every one it returned; a throw or a rejection fails the call (`update_listener_error`),
   * as for a local call.
   */
  readonly onUpdate?: ToolUpdateListener | undefined;
}

/** How a dispatched call's step 6 ended. */
export type DispatchedExecution =
  /** `execute` returned (or resolved to) `value`; the coordinator checks and renders it. */
  | { readonly status: "returned"; readonly value: unknown }
  /** `execute` threw or rejected with `error`. */
  | { readonly status: "threw"; readonly error: unknown }
  /**
   * Step 6 ended the call itself: `aborted` or `seam_not_provided` before `execute`,
   * `update_listener_error` after it; `text` says why.
   */
  | { readonly status: "failed"; readonly errorType: ToolCallErrorType; readonly text: string };

/**
 * Runs step 6 of a dispatched call on a worker; see the file header. The tool's context has the
 * request's `idempotencyKey`, `options.attempt`, `options.signal`, `onUpdate` to `options.onUpdate`,
 * the worker's seams, and `ToolRunnerSeam` running nested calls through the whole pipeline on the
 * worker. Never rejects for anything the tool or the listener does; rejects only when `tools` is an
 * array a registry refuses (a duplicate name, an invalid definition), as `runToolCall` does.
 *
 * @example
 * ```ts
 * const executed = await executeDispatchedCall(request, { tool, tools, signal, attempt: 1 });
 * if (executed.status === "returned") reply({ status: "returned", value: executed.value });
 * ```
 */
export async function executeDispatchedCall(
  request: ToolDispatchRequest,
  options: ExecuteDispatchedCallOptions,
): Promise<DispatchedExecution> {
  const { tool, signal } = options;
  const run = new ToolRun(
    { tools: options.tools, seams: options.seams, signal },
    options.onUpdate,
    { batchId: request.batchId, idempotencyKey: request.key },
  );
  const frame = new CallFrame(request.toolCall, run, { ...FIRST_START, attempt: options.attempt });
  frame.tool = tool;
  frame.args = request.args as JsonObject;
  const refused = refuseExecution(frame);
  if (refused !== undefined) return failed(refused.errorType, refused.result.content[0]);
  const context = openToolContext(frame, signal);
  let execution: DispatchedExecution;
  try {
    const pending = invokeTool(frame, undefined);
    const value = isPromiseLike(pending) ? await pending : pending;
    execution = { status: "returned", value };
  } catch (error) {
    execution = { status: "threw", error };
  }
  const closed = context.close();
  const updateFailure = closed instanceof Promise ? await closed : closed;
  if (updateFailure === undefined || execution.status === "threw") return execution;
  const text = describeThrown(updateFailure.error);
  return { status: "failed", errorType: "update_listener_error", text };
}

function failed(
  errorType: ToolCallErrorType | undefined,
  first: { readonly type: string; readonly text?: string } | undefined,
): DispatchedExecution {
  const text = first?.type === "text" && typeof first.text === "string" ? first.text : "";
  return { status: "failed", errorType: errorType ?? "tool_error", text };
}
