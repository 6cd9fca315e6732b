import {
  type Seam,
  type ToolCall,
  type ToolContext,
  ToolError,
  type ToolUpdate,
} from "@toolwright/tool-core";
import { keepShapeAlive } from "../keep-shape-alive";
import { isPromiseLike } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { seamNotProvidedText } from "./executor-texts";
import { ToolRun } from "./tool-run";
import { type ToolRunner, ToolRunnerSeam } from "./tool-runner-seam";

/** Runs a nested call through the whole pipeline (given by the executor, to keep imports acyclic). */
export type NestedCallRunner = (toolCall: ToolCall, run: ToolRun) => Promise<ToolCallOutcome>;

/** The first failure of an update listener, kept as data. */
export interface UpdateFailure {
  readonly error: unknown;
}

/** A context's `onUpdate`, the promises its listener returned and its first failure. */
interface UpdateState {
  readonly accept: (partial: ToolUpdate) => void;
  pending: Promise<void>[] | undefined;
  failure: UpdateFailure | undefined;
}

/**
 * The `ToolContext` a running tool receives, and the executor's state of that execution: whether
 * `onUpdate` is still accepted and what its listeners returned. One object per execution; a class
 * so that `onUpdate`/`use` are bound only when a tool reads them — a tool may keep
 * `const { onUpdate } = context` and call it later (a late call is ignored).
 */
export class RunningToolContext implements ToolContext {
  readonly toolCallId: string;
  readonly signal: AbortSignal;
  readonly toolCall: ToolCall;
  /** 1, or more for a `replay: "safe"` call run again after a crash. */
  readonly attempt: number;
  readonly #run: ToolRun;
  readonly #runNested: NestedCallRunner;
  #accepting = true;
  /**
   * What `onUpdate` needs, made when a tool first reads it: most tools never do, and a batch keeps
   * every running call's context alive (three fields fewer per call than keeping them here).
   */
  #updates: UpdateState | undefined = undefined;
  #boundUse: (<T>(seam: Seam<T>) => T) | undefined = undefined;

  static {
    // See keep-shape-alive.ts.
    const run = new ToolRun({ tools: [] }, undefined);
    const toolCall: ToolCall = { type: "toolCall", id: "", name: "", arguments: {} };
    const signal = new AbortController().signal;
    const runNested: NestedCallRunner = () => Promise.reject(new Error("unused"));
    keepShapeAlive(() => new RunningToolContext(toolCall, run, signal, runNested, 1));
  }

  constructor(
    toolCall: ToolCall,
    run: ToolRun,
    signal: AbortSignal,
    runNested: NestedCallRunner,
    attempt: number,
  ) {
    this.toolCall = toolCall;
    this.attempt = attempt;
    this.toolCallId = toolCall.id;
    this.signal = signal;
    this.#run = run;
    this.#runNested = runNested;
  }

  /** `${batchId}:${toolCallId}`: the same across attempts, resumes and processes. */
  get idempotencyKey(): string {
    return this.#run.idempotencyKeyOf(this.toolCallId);
  }

  get onUpdate(): (partial: ToolUpdate) => void {
    if (this.#updates === undefined) {
      const updates: UpdateState = {
        accept: (partial) => this.#acceptUpdate(updates, partial),
        pending: undefined,
        failure: undefined,
      };
      this.#updates = updates;
    }
    return this.#updates.accept;
  }

  get use(): <T>(seam: Seam<T>) => T {
    if (this.#boundUse === undefined) this.#boundUse = (seam) => this.#useSeam(seam);
    return this.#boundUse;
  }

  /**
   * Stops accepting updates (the call settled). Returns the first listener failure — once every
   * listener promise settled, so a promise only when a listener returned one.
   */
  close(): UpdateFailure | undefined | Promise<UpdateFailure | undefined> {
    this.#accepting = false;
    const updates = this.#updates;
    if (updates === undefined) return undefined;
    const pending = updates.pending;
    if (pending === undefined) return updates.failure;
    return Promise.all(pending).then(() => updates.failure);
  }

  #acceptUpdate(updates: UpdateState, partial: ToolUpdate): void {
    if (!this.#accepting) return;
    const listener = this.#run.updateListener;
    if (listener === undefined) return;
    let returned: unknown;
    try {
      returned = listener(partial, this.toolCall);
    } catch (error) {
      updates.failure ??= { error };
      return;
    }
    if (isPromiseLike(returned)) {
      updates.pending ??= [];
      updates.pending.push(
        Promise.resolve(returned).then(undefined, (error: unknown) => {
          updates.failure ??= { error };
        }),
      );
    }
  }

  #useSeam<T>(seam: Seam<T>): T {
    if (seam === (ToolRunnerSeam as Seam<unknown>)) return this.#createRunner() as T;
    const seams = this.#run.seams;
    if (seams?.has(seam) === true) return seams.get(seam) as T;
    throw new ToolError("SEAM_NOT_PROVIDED", seamNotProvidedText(seam.name));
  }

  #createRunner(): ToolRunner {
    const nestedRun = this.#run.nested(this.signal);
    const runNested = this.#runNested;
    return { runToolCall: (toolCall) => runNested(toolCall, nestedRun) };
  }
}
