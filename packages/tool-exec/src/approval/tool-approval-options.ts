import type { NeedsApproval, Tool, ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolApprovalVerdict } from "./tool-approval-decision";

/** What a batch-level `approval.needsApproval` sees: a call that passed steps 1–5. */
export interface ApprovalRequestContext<TContext = unknown> {
  /** The tool about to run. */
  readonly tool: Tool;
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The validated, coerced params `execute` would receive. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The run's `context` option, passed through untouched. */
  readonly context: TContext | undefined;
  /** The run's signal. */
  readonly signal: AbortSignal;
}

/**
 * Decides whether a call needs a human, for every tool of a batch.
 *
 * **Contract:** receives validated params (never invalid ones); may be async; must not mutate
 * `ctx.args`. A throw or rejection ends the call as `needsApproval of tool <name> failed: <message>`
 * and the call never executes (fail closed). Falsy → no approval; `true` or an object → approval
 * needed. Call `defaultNeedsApproval(ctx)` to defer to the tool's own `needsApproval`.
 */
export type BatchNeedsApproval<TContext = unknown> = (
  ctx: ApprovalRequestContext<TContext>,
) => NeedsApproval | PromiseLike<NeedsApproval>;

/**
 * Decides a request in process. A verdict is applied at once and the batch does not suspend for the
 * call; `undefined` leaves it awaiting a human (the batch suspends).
 *
 * **Contract:** may be async; must not mutate `request`. A throw, a rejection or a value that is not
 * a verdict ends the call as `Approval of tool <name> failed: <message>` (fail closed). Should stop
 * waiting when `signal` aborts. Default (absent): every request awaits a human.
 */
export type ToolApprovalDecider = (
  request: ToolApprovalRequest,
  signal: AbortSignal,
) => ToolApprovalVerdict | undefined | PromiseLike<ToolApprovalVerdict | undefined>;

/** The `approval` option of `executeToolBatch` and `resumeToolBatch`. */
export interface ToolApprovalOptions<TContext = unknown> {
  /** Replaces every tool's own `needsApproval`; see {@link BatchNeedsApproval}. */
  readonly needsApproval?: BatchNeedsApproval<TContext> | undefined;
  /** Decides in process; see {@link ToolApprovalDecider}. */
  readonly decide?: ToolApprovalDecider | undefined;
  /**
   * Milliseconds a request stays open; a call's `needsApproval` may set its own. Default: requests
   * never expire. A number ≥ 0 (`Infinity`: never); fractions round up to whole milliseconds.
   */
  readonly ttlMs?: number | undefined;
  /** Signs and verifies the `SuspendedBatch` (HMAC-SHA256). Must not be empty. */
  readonly stateSecret?: string | Uint8Array | undefined;
  /**
   * The clock of `createdAt`, `requestedAt`, `expiresAt` and expiry checks, in milliseconds since
   * the epoch.
   *
   * **Contract:** must not throw; must return a finite time. Default `Date.now`; tests pass a fake
   * clock.
   */
  readonly now?: (() => number) | undefined;
}
