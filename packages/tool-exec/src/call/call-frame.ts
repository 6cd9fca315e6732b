/**
 * One call on its way through the steps of SPEC §3.1, from the abort check to its outcome. The
 * frame is made at step 1 and is the only record of the call: each step is a function of the frame
 * that writes what it found (step 1 the span, step 2 the tool, step 4 the validated args and their
 * coercions, a batch the lock keys and how the call starts, step 6 the context and timing, step 7
 * the pending patch). A frame that passed steps 1–5 is the call's `PreparedCall`.
 *
 * A step that must wait for a promise calls `waitFor` with its place's pair of functions that go on
 * (a module-level `FrameStep`), and the frame waits with one pair of reactions of its own, made at
 * its first wait and kept, so a waiting call holds no closure (a closure pair per wait made a
 * 10,000-call batch take 1.7× the CPU time; see docs/performance.md). What a step ends with after
 * a wait is handed to the frame's owner — the caller at the scheduler
 * boundary, given by {@link CallFrame.handTo} — as `done(token, value)`: in steps 1–5 the frame
 * itself or the call's `EndedCall`, in steps 6–7 the outcome. A step that ends without waiting
 * returns its value instead. A call ends exactly once.
 */
import type { Span } from "@opentelemetry/api";
import type { Tool, ToolCall, ToolResult } from "@toolwright/tool-core";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import { keepShapeAlive } from "../keep-shape-alive";
import type { DroppedResultField } from "../model/suspended-batch";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { withApproval } from "./approve-tool-call";
import type { ToolArgumentCoercions } from "./hooks";
import type { EndedCall, PreparedCall } from "./prepared-call";
import type { RunningToolContext } from "./running-tool-context";
import { ToolRun } from "./tool-run";

/**
 * Runs right before `execute`, after every check that could stop the call (the journal's
 * `started` record). **Contract:** a rejection ends the call without executing it, as a
 * `journal_error` result; must not throw synchronously.
 */
export type BeforeExecute = () => Promise<void>;

/** How a call starts; the same object for every call's first run ({@link FIRST_START}). */
export interface CallStart {
  /** 1, or more when a journal runs a `replay: "safe"` call again; the tool's context says it. */
  readonly attempt: number;
  /** How approval resolved the call (step 5a's `decide`, or a human on resume); its outcome carries it. */
  readonly approval: ToolCallApproval | undefined;
  /**
   * The call is prepared again (approved on resume, or run again by recovery): step 5a is not
   * asked a second time.
   */
  readonly again: boolean;
  /**
   * Recovery found the call's remote job: `adopted` is its result, used in place of dispatching;
   * without it the dispatcher awaits the job still running. Either way no `started` is written.
   */
  readonly remote: boolean;
  readonly adopted: ToolDispatchResult | undefined;
  /** Written right before `execute` when the batch has a journal (the `started` record). */
  readonly beforeExecute: BeforeExecute | undefined;
}

/** A call's first run: attempt 1, no approval yet, asked by step 5a, nothing remote. */
export const FIRST_START: CallStart = Object.freeze({
  attempt: 1,
  approval: undefined,
  again: false,
  remote: false,
  adopted: undefined,
  beforeExecute: undefined,
});

/**
 * Receives what a frame ended with after a wait, with the token the owner gave it. **Contract:**
 * must not throw; called at most once per {@link CallFrame.handTo}, and never while the step that
 * made the frame wait is still running.
 */
export type FrameDone = (token: unknown, value: unknown) => void;

/**
 * Where a waiting step goes on: with what its promise fulfilled with, or why it rejected.
 * **Contract:** must not throw; ends the step (`handOn`/`deliver`) or makes it wait again (`waitFor`).
 */
export type FrameResume = (frame: CallFrame, value: unknown) => void;

/**
 * The two ways on from one place a step waits: `resume` once the promise fulfils, `fail` once it
 * rejects. Each place keeps one such pair at module level, so a waiting frame holds one reference
 * and nothing is made per wait.
 */
export interface FrameStep {
  readonly resume: FrameResume;
  readonly fail: FrameResume;
}

/** What step 7 keeps while an asynchronous `afterToolCall` is pending: the result the hook saw. */
export interface PendingPatch {
  readonly result: ToolResult;
  /** A value tool's value is still to be rendered into `content`. */
  readonly renderValue: boolean;
  readonly errorType: ToolCallErrorType | undefined;
}

// What a frame holds before steps 2 and 4 found its tool and args: frozen and empty, so an early
// read finds nothing and cannot write. (Not for V8: `undefined` measured the same.)
const NO_TOOL = Object.freeze({}) as Tool;
const NO_ARGS: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_COERCIONS: ToolArgumentCoercions = Object.freeze([]) as unknown as ToolArgumentCoercions;

/** One call's state; see the file header. */
export class CallFrame implements PreparedCall {
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The run's options, resolved once. */
  readonly run: ToolRun;
  /** Step 1: the call's span, open until the call ends; `undefined` without a tracer provider. */
  span: Span | undefined = undefined;
  /** Step 2: the tool the call names (read only after step 2 found it). */
  tool: Tool = NO_TOOL;
  /** Step 4: the validated, coerced params `execute` receives. */
  args: Readonly<Record<string, unknown>> = NO_ARGS;
  /** Step 4: the coercions that made `args`. */
  coercions: ToolArgumentCoercions = NO_COERCIONS;
  /** How the call starts: its attempt, its approval, whether it is prepared again or remote. */
  start: CallStart;
  /** A parallel batch: the call's distinct lock keys (`undefined`: none). */
  lockKeys: readonly string[] | undefined = undefined;
  /** Step 6: the context `execute` received. */
  context: RunningToolContext | undefined = undefined;
  /**
   * Step 6: `performance.now()` when `execute` was called; once it settled, the whole milliseconds
   * it ran (`durationMs`). One field for both: a batch holds a frame per call. `NaN` until then, so
   * that the field holds a double from the start: a double written where a small integer was
   * changes the field's representation and so the frame's hidden class, a class `keepShapeAlive`
   * does not keep, and a full collection then threw away the code built for it (the first batch
   * after one took 1.5× as long; see docs/performance.md).
   */
  timing = Number.NaN;
  /** Step 6: the result fields a dispatched call's worker sent as `null`. */
  dropped: readonly DroppedResultField[] | undefined = undefined;
  /** Step 7: what the call keeps while its asynchronous `afterToolCall` is pending. */
  patch: PendingPatch | undefined = undefined;
  #done: FrameDone;
  #token: unknown;
  #next: FrameStep | undefined = undefined;
  #onFulfilled: ((value: unknown) => void) | undefined = undefined;
  #onRejected: ((error: unknown) => void) | undefined = undefined;

  static {
    // See keep-shape-alive.ts: a batch's frames die with it.
    const run = new ToolRun({ tools: [] }, undefined);
    const toolCall: ToolCall = { type: "toolCall", id: "", name: "", arguments: {} };
    keepShapeAlive(() => new CallFrame(toolCall, run, FIRST_START));
  }

  constructor(toolCall: ToolCall, run: ToolRun, start: CallStart) {
    this.toolCall = toolCall;
    this.run = run;
    this.start = start;
    this.#done = ignore;
    this.#token = undefined;
  }

  /** A frame is a prepared call once steps 1–5 let it through (see `PreparedCall`). */
  get type(): "prepared" {
    return "prepared";
  }

  /**
   * Says who receives what the frame ends with after a wait: `done(token, value)`. The owner
   * changes between phases (a batch's preflight loop, then its scheduler). Give it before the step
   * that may wait runs, or right after that step returned synchronously: a wait on a settled
   * promise ends in the next microtask, and what ends before there is an owner is lost.
   */
  handTo(done: FrameDone, token: unknown): this {
    this.#done = done;
    this.#token = token;
    return this;
  }

  /**
   * Makes the frame wait for `pending`: `next.resume(frame, value)` goes on once it fulfils,
   * `next.fail(frame, error)` once it rejects. The step calling it must return right after.
   */
  waitFor(pending: PromiseLike<unknown>, next: FrameStep): void {
    this.#next = next;
    this.#onFulfilled ??= this.#fulfilled.bind(this);
    this.#onRejected ??= this.#rejected.bind(this);
    // `Promise.resolve` turns a hostile thenable into a rejection, never a throw.
    Promise.resolve(pending).then(this.#onFulfilled, this.#onRejected);
  }

  /** Ends steps 1–5 after a wait: the owner receives the frame, or the call's `EndedCall`. */
  handOn(value: CallFrame | EndedCall): void {
    this.#done(this.#token, value);
  }

  /** The call's outcome as its caller receives it: with how approval resolved it, if it did. */
  settled(outcome: ToolCallOutcome): ToolCallOutcome {
    const approval = this.start.approval;
    return approval === undefined ? outcome : withApproval(outcome, approval);
  }

  /** Ends a call that had to wait in steps 6–7: the owner receives the outcome. */
  deliver(outcome: ToolCallOutcome): void {
    this.#done(this.#token, this.settled(outcome));
  }

  #fulfilled(value: unknown): void {
    (this.#next as FrameStep).resume(this, value);
  }

  #rejected(error: unknown): void {
    (this.#next as FrameStep).fail(this, error);
  }
}

/** The {@link FrameDone} of an owner that waits with a promise: the token is its `resolve`. */
export function resolveToken(token: unknown, value: unknown): void {
  (token as (value: unknown) => void)(value);
}

function ignore(): void {}
