import type { SeamImplementations, ToolCall, ToolSource, ToolUpdate } from "@toolwright/tool-core";
import type { ToolApprovalOptions } from "../approval/tool-approval-options";
import type { ToolDispatcher } from "../dispatch/tool-dispatcher";
import type { AfterToolCallHook, BeforeToolCallHook } from "./hooks";

/**
 * Receives the partial results a running tool streams through `context.onUpdate`.
 *
 * **Contract:** called at once, while the tool runs; may be async — the call's outcome waits until
 * every returned promise settled. May throw or reject: the call becomes an error result with the
 * thrown message (never a crash, never an unhandled rejection). Must not mutate `partialResult`.
 */
export type ToolUpdateListener = (
  partialResult: ToolUpdate,
  toolCall: ToolCall,
) => void | PromiseLike<void>;

/**
 * The options of one run — of `runToolCall`, and the shared part of `executeToolBatch`'s options.
 * A batch's options object can be passed to `runToolCall` as is, so a tool that calls another tool
 * goes through the same hooks, seams and limits (or use `ToolRunnerSeam`, which does that for you).
 */
export interface RunToolCallOptions<TContext = unknown> {
  /** The tools of this run: a `ToolRegistry` or an array of tools. */
  readonly tools: ToolSource;
  /** Aborts the run: calls not yet executing end as `Operation aborted`; running tools see it. */
  readonly signal?: AbortSignal | undefined;
  /** A policy gate before `execute`; see {@link BeforeToolCallHook}. */
  readonly beforeToolCall?: BeforeToolCallHook<TContext> | undefined;
  /** A rewrite after `execute`; see {@link AfterToolCallHook}. */
  readonly afterToolCall?: AfterToolCallHook<TContext> | undefined;
  /** Seam implementations for `context.use(seam)`: pairs or a `Map`. */
  readonly seams?: SeamImplementations | undefined;
  /**
   * Default time limit of one `execute`, in milliseconds; a tool's own `timeoutMs` wins. Absent,
   * `0`, negative or not finite: no limit.
   */
  readonly timeoutMs?: number | undefined;
  /**
   * After a timeout aborts a tool's signal, how long to wait for the tool to stop before it is
   * reported as abandoned. Default 100 ms.
   */
  readonly timeoutGraceMs?: number | undefined;
  /** Anything the hooks should see (the agent's context, a user id); passed through untouched. */
  readonly context?: TContext | undefined;
  /** Receives streamed partial results; see {@link ToolUpdateListener}. */
  readonly onUpdate?: ToolUpdateListener | undefined;
  /**
   * Human approval: a batch-level `needsApproval`, an in-process `decide`, expiry and the
   * state's signing secret. A batch suspends for a call that awaits a decision; a single or nested
   * call cannot suspend, so it runs only when `decide` gives a verdict. A tool's own
   * `needsApproval` applies even without this option.
   */
  readonly approval?: ToolApprovalOptions<TContext> | undefined;
  /**
   * Runs step 6 — `execute` — on a remote worker for the tools it handles. Everything
   * else stays here: preflight, hooks, approval, the journal, the time limit and abort (which also
   * reach the remote side through its signal), `afterToolCall`, output checks and rendering. Nested
   * calls of this run use it too. Default: every call executes in this process.
   */
  readonly dispatcher?: ToolDispatcher | undefined;
}
