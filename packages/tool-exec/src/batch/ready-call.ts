import type { PreparedCall } from "../call/prepared-call";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { RemoteRecovery } from "./batch-call";

/** A call that may execute now (subject to concurrency and lock keys). */
export interface ReadyBatchCall {
  readonly type: "ready";
  readonly prepared: PreparedCall;
  readonly lockKeys: readonly string[] | undefined;
  /** How approval resolved it (`decide`, or a human on resume); its outcome carries it. */
  readonly approval: ToolCallApproval | undefined;
  /** 1, or more for a call a journal's recovery runs again. */
  readonly attempt: number;
  /** For a dispatched call recovery does not run again: what to do instead. */
  readonly remote: RemoteRecovery | undefined;
}

/**
 * A call of a batch that may execute now (subject to concurrency and lock keys): a
 * {@link ReadyBatchCall}, or — for a call's first run with no lock keys and no approval to carry,
 * nearly every call — its `PreparedCall` itself, which stands for a ready call with
 * `lockKeys: undefined`, `approval: undefined`, `attempt: 1` and `remote: undefined`. A parallel
 * batch holds every ready call until all preflights are done; not wrapping each one keeps that
 * state a third smaller.
 */
export type ReadyCall = ReadyBatchCall | PreparedCall;

/** The prepared call a ready call executes. */
export function preparedOf(ready: ReadyCall): PreparedCall {
  return ready.type === "prepared" ? ready : ready.prepared;
}

/** A ready call's lock keys (`undefined`: none). */
export function lockKeysOf(ready: ReadyCall): readonly string[] | undefined {
  return ready.type === "prepared" ? undefined : ready.lockKeys;
}

/** A ready call's attempt: 1, or more for a call a journal's recovery runs again. */
export function attemptOf(ready: ReadyCall): number {
  return ready.type === "prepared" ? 1 : ready.attempt;
}
