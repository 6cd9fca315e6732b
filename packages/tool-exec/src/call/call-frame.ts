/**
 * One call on its way through steps 6 and 7 of SPEC §3.1: what it is (its prepared call, its
 * run, how it starts), what step 6 found out (its context, when `execute` started, how long it ran,
 * what a dispatched call's worker dropped) and what step 7 keeps while `afterToolCall` is pending.
 * Every step after preflight is a function of the frame (`execute-tool.ts` for 6,
 * `close-execution.ts` for the end of 6, `run-after-tool-call.ts` for 7 and the output); a step that
 * must wait for a promise hands the frame `waitFor` with the functions that go on, and the frame
 * waits with one pair of reactions of its own, so a waiting call holds no closure. A call ends
 * exactly once: its outcome is returned by the step that made it synchronously, or handed to the
 * caller's `done` through {@link CallFrame.deliver}.
 */
import type { ToolResult } from "@toolwright/tool-core";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import { keepShapeAlive } from "../keep-shape-alive";
import type { DroppedResultField } from "../model/suspended-batch";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { withApproval } from "./approve-tool-call";
import type { OutcomeCallback } from "./outcome-callback";
import type { PreparedCall } from "./prepared-call";
import type { RunningToolContext } from "./running-tool-context";
import { ToolRun } from "./tool-run";

/**
 * Runs right before `execute`, after every check that could stop the call (the journal's
 * `started` record). **Contract:** a rejection ends the call without executing it, as a
 * `journal_error` result; must not throw synchronously.
 */
export type BeforeExecute = () => Promise<void>;

/** How a prepared call starts executing. */
export interface CallStart {
  /** 1, or more when a journal runs a `replay: "safe"` call again; the tool's context says it. */
  readonly attempt: number;
  /** The journal's `started` record, when the call has one to write. */
  readonly beforeExecute: BeforeExecute | undefined;
  /** A result recovery found with `dispatcher.lookup`, used in place of dispatching. */
  readonly adopted: ToolDispatchResult | undefined;
  /** How approval resolved the call (step 5a, or a human on resume); its outcome carries it. */
  readonly approval: ToolCallApproval | undefined;
}

/** A call's first run: attempt 1, nothing to write first, nothing adopted, no approval to carry. */
export const FIRST_START: CallStart = Object.freeze({
  attempt: 1,
  beforeExecute: undefined,
  adopted: undefined,
  approval: undefined,
});

/**
 * Where a waiting step goes on: with what its promise fulfilled with, or why it rejected.
 * **Contract:** must not throw; ends the frame (`end`) or makes it wait again (`waitFor`).
 */
export type FrameResume = (frame: CallFrame, value: unknown) => void;

/** What step 7 keeps while an asynchronous `afterToolCall` is pending: the result the hook saw. */
export interface PendingPatch {
  readonly result: ToolResult;
  /** A value tool's value is still to be rendered into `content`. */
  readonly renderValue: boolean;
  readonly errorType: ToolCallErrorType | undefined;
}

/** One executing call's state; see the file header. */
export class CallFrame {
  /** The call as steps 1–5 left it: its tool, validated args, span. */
  readonly prepared: PreparedCall;
  /** The run's options, resolved once. */
  readonly run: ToolRun;
  /** How the call starts: its attempt, journal record, adopted result and approval. */
  readonly start: CallStart;
  /** Step 6: the context `execute` received. */
  context: RunningToolContext | undefined = undefined;
  /** Step 6: `performance.now()` when `execute` was called. */
  startedAt = 0;
  /** Step 6: whole milliseconds `execute` ran, once it settled. */
  durationMs = 0;
  /** Step 6: the result fields a dispatched call's worker sent as `null`. */
  dropped: readonly DroppedResultField[] | undefined = undefined;
  /** Step 7: what the call keeps while its asynchronous `afterToolCall` is pending. */
  patch: PendingPatch | undefined = undefined;
  readonly #done: OutcomeCallback<unknown>;
  readonly #token: unknown;
  #resume: FrameResume | undefined = undefined;
  #fail: FrameResume | undefined = undefined;
  #onFulfilled: ((value: unknown) => void) | undefined = undefined;
  #onRejected: ((error: unknown) => void) | undefined = undefined;

  static {
    // See keep-shape-alive.ts: a batch's frames die with it.
    const run = new ToolRun({ tools: [] }, undefined);
    const prepared = { type: "prepared", args: {}, coercions: [] } as unknown as PreparedCall;
    keepShapeAlive(() => new CallFrame(prepared, run, FIRST_START, ignore, undefined));
  }

  /** `done(token, outcome)` receives the outcome of a call that had to wait. */
  constructor(
    prepared: PreparedCall,
    run: ToolRun,
    start: CallStart,
    done: OutcomeCallback<unknown>,
    token: unknown,
  ) {
    this.prepared = prepared;
    this.run = run;
    this.start = start;
    this.#done = done;
    this.#token = token;
  }

  /**
   * Makes the frame wait for `pending`: `resume(frame, value)` goes on once it fulfils,
   * `fail(frame, error)` once it rejects. The step calling it must return right after.
   */
  waitFor(pending: PromiseLike<unknown>, resume: FrameResume, fail: FrameResume): void {
    this.#resume = resume;
    this.#fail = fail;
    this.#onFulfilled ??= this.#fulfilled.bind(this);
    this.#onRejected ??= this.#rejected.bind(this);
    // `Promise.resolve` turns a hostile thenable into a rejection, never a throw.
    Promise.resolve(pending).then(this.#onFulfilled, this.#onRejected);
  }

  /** The call's outcome as its caller receives it: with how approval resolved it, if it did. */
  settled(outcome: ToolCallOutcome): ToolCallOutcome {
    const approval = this.start.approval;
    return approval === undefined ? outcome : withApproval(outcome, approval);
  }

  /** Ends a call that had to wait: its caller's `done` receives the outcome. */
  deliver(outcome: ToolCallOutcome): void {
    this.#done(this.#token, this.settled(outcome));
  }

  #fulfilled(value: unknown): void {
    (this.#resume as FrameResume)(this, value);
  }

  #rejected(error: unknown): void {
    (this.#fail as FrameResume)(this, error);
  }
}

function ignore(): void {}
