import type { ToolCall } from "@toolwright/tool-core";
import { keepShapeAlive } from "../keep-shape-alive";
import type { Failure } from "./finish-call";
import { finishCall } from "./finish-call";
import {
  applyPendingPatch,
  failPendingPatch,
  type PatchWaiter,
  type PendingPatch,
} from "./finish-executed-call";
import type { Received } from "./invoke-tool";
import type { OutcomeCallback } from "./outcome-callback";
import type { PreparedCall } from "./prepared-call";
import { RunningToolContext } from "./running-tool-context";
import { ToolRun } from "./tool-run";

/**
 * A call without a time limit whose `execute` returned a promise: what the steps after `execute`
 * need, and one pair of reactions that hears first the tool's promise and then, when
 * `afterToolCall` answers asynchronously too, the hook's. A batch keeps every such call alive
 * until its tool settles; closures over the same values, made anew for each of the two waits,
 * were about 200 B per wait (two functions and their context) — here the two functions are made
 * once per call and the second wait costs only its reaction.
 */
export class ExecutingCall<TToken> implements PatchWaiter {
  readonly #prepared: PreparedCall;
  readonly #run: ToolRun;
  readonly #context: RunningToolContext;
  readonly #received: Received | undefined;
  readonly #start: number;
  readonly #done: OutcomeCallback<TToken>;
  readonly #token: TToken;
  /** Set while the call waits for its asynchronous `afterToolCall`. */
  #patch: PendingPatch | undefined = undefined;
  readonly #onFulfilled: (value: unknown) => void;
  readonly #onRejected: (error: unknown) => void;

  static {
    // See keep-shape-alive.ts: a batch's calls die with it.
    const run = new ToolRun({ tools: [] }, undefined);
    const toolCall: ToolCall = { type: "toolCall", id: "", name: "", arguments: {} };
    const context = new RunningToolContext(toolCall, run, run.signalOrNever, unused, 1);
    const prepared = { type: "prepared", toolCall, args: {}, coercions: [] } as unknown;
    keepShapeAlive(
      () => new ExecutingCall(prepared as PreparedCall, run, context, undefined, 0, ignore, 0),
    );
  }

  constructor(
    prepared: PreparedCall,
    run: ToolRun,
    context: RunningToolContext,
    received: Received | undefined,
    start: number,
    done: OutcomeCallback<TToken>,
    token: TToken,
  ) {
    this.#prepared = prepared;
    this.#run = run;
    this.#context = context;
    this.#received = received;
    this.#start = start;
    this.#done = done;
    this.#token = token;
    this.#onFulfilled = this.#fulfilled.bind(this);
    this.#onRejected = this.#rejected.bind(this);
  }

  /** Waits for the tool's promise; `done` receives the call's outcome. */
  wait(pending: PromiseLike<unknown>): void {
    Promise.resolve(pending).then(this.#onFulfilled, this.#onRejected);
  }

  waitForPatch(patch: PromiseLike<unknown>, pending: PendingPatch): void {
    this.#patch = pending;
    Promise.resolve(patch).then(this.#onFulfilled, this.#onRejected);
  }

  #fulfilled(value: unknown): void {
    const patch = this.#patch;
    if (patch !== undefined) {
      this.#patch = undefined;
      this.#done(this.#token, applyPendingPatch(patch, value));
      return;
    }
    this.#finish(value, undefined);
  }

  #rejected(error: unknown): void {
    const patch = this.#patch;
    if (patch !== undefined) {
      this.#patch = undefined;
      this.#done(this.#token, failPendingPatch(patch, error));
      return;
    }
    this.#finish(undefined, { kind: "threw", error });
  }

  #finish(value: unknown, failure: Failure | undefined): void {
    const now = finishCall(
      this.#prepared,
      this.#run,
      this.#context,
      this.#received,
      this.#start,
      value,
      failure,
      this.#done,
      this.#token,
      this,
    );
    if (now !== undefined) this.#done(this.#token, now);
  }
}

function unused(): never {
  throw new Error("unused");
}

function ignore(): void {}
