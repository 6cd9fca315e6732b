import type { JsonObject, JsonValue, Tool, ToolCall, ToolUpdate } from "@toolwright/tool-core";
import type { DroppedResultField } from "../model/suspended-batch";

/**
 * Runs the `execute` step of a call somewhere else — another process, another machine — while
 * everything else about the call (preflight, hooks, approval, the journal, time limits,
 * `afterToolCall`, output checks, rendering) stays with the executor that dispatched it.
 * `@toolwright/queue-bullmq`'s `createBullmqDispatcher` is one.
 */
export interface ToolDispatcher {
  /**
   * Whether this tool's calls run remotely.
   *
   * **Contract:** synchronous and cheap (called for every call); may not throw or mutate the tool.
   * Absent: every tool is dispatched.
   */
  handles?(tool: Tool): boolean;
  /**
   * Runs one prepared call remotely and resolves to what happened there. `io.onUpdate` receives
   * the remote tool's partial results; `io.signal` aborting asks the remote side to stop (the
   * executor still races its own time limit and abort).
   *
   * **Contract:** rejects only for a transport failure (the queue is unreachable, the job was lost),
   * which the executor turns into an error result; a tool that threw resolves to `threw`. Never
   * mutates `request`. Calling it again with the same `request.key` while the first remote run is
   * unfinished awaits that run instead of starting another.
   */
  execute(
    request: ToolDispatchRequest,
    io: { readonly signal: AbortSignal; onUpdate(partial: ToolUpdate): void },
  ): Promise<ToolDispatchResult>;
  /**
   * After a coordinator crash: what happened to a dispatched call (`request.key`). `running`: a
   * remote run is still under way (await it with `execute` and the same key); `unknown`: the
   * remote side has no record of it (never dispatched, or its record expired).
   *
   * **Contract:** may reject when the remote side cannot be asked; never starts a run. Absent: the
   * journal's replay policy decides alone.
   */
  lookup?(key: string): Promise<ToolDispatchLookup>;
}

/** One prepared call, as the dispatcher sends it to a worker: plain JSON. */
export interface ToolDispatchRequest {
  readonly v: 1;
  /** The call's `idempotencyKey`, `${batchId}:${toolCallId}`: the remote job's identity. */
  readonly key: string;
  readonly batchId: string;
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  readonly toolName: string;
  /** The validated (and coerced) arguments `execute` receives. */
  readonly args: JsonObject;
  /** The tool's replay policy: a redelivered `never` call is answered `interrupted`, not run. */
  readonly replay: "never" | "safe";
  /** 1 for the first execution; > 1 when recovery runs a `safe` call again. */
  readonly attempt: number;
  /** The call's time limit; the remote side aborts the tool's signal after it too. */
  readonly timeoutMs?: number;
}

/** What happened to a dispatched call on the remote side. */
export type ToolDispatchResult =
  /**
   * `execute` returned `value` (a `ToolResult` for a result tool, the output value otherwise).
   * `dropped` names the fields of a `ToolResult` that were not JSON and were sent as `null`.
   */
  | {
      readonly status: "returned";
      readonly value: JsonValue;
      readonly dropped?: readonly DroppedResultField[];
    }
  /** `execute` threw or rejected; `errorType` says why, as the executor's error types do. */
  | { readonly status: "threw"; readonly message: string; readonly errorType: string }
  /** A redelivered `never` call (or one past its attempts): not run again; `attempts` ran before without a result. */
  | { readonly status: "interrupted"; readonly attempts: number }
  /** The worker that took the job has no tool of that name. */
  | { readonly status: "tool_not_found"; readonly worker: string };

/** What {@link ToolDispatcher.lookup} found for a key. */
export type ToolDispatchLookup =
  | ToolDispatchResult
  | { readonly status: "running" }
  | { readonly status: "unknown" };
