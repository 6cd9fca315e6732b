/**
 * A sequential batch's calls, one at a time: start event → steps 1–5a → execute → end event (→
 * `tool_result`, when the batch streams results). The first call left awaiting a human stops the
 * batch: it and every later unsettled call stay unsettled, the later ones deferred without a start
 * event.
 */
import { toolCallOf } from "./batch-call";
import type { BatchProgress } from "./batch-progress";
import { executeReadyCall } from "./execute-ready-call";
import {
  type BatchPreflight,
  prepareAgainCall,
  prepareBatchCallInTurn,
} from "./prepare-batch-call";
import { recoveryOf, settleBatchCall } from "./settle-batch-call";

/** Runs the unsettled calls in source order until one awaits a human; see the file header. */
export async function runSequentialCalls(batch: BatchProgress): Promise<void> {
  const { run, events } = batch;
  const { journal } = batch;
  const preflight: BatchPreflight = { run, events, readKeys: false, journal };
  for (let index = 0; index < batch.size; index++) {
    if (batch.outcomeAt(index) !== undefined) continue;
    const call = batch.callAt(index);
    if (call.type === "awaiting") return deferFrom(batch, index + 1);
    let prepared =
      call.type === "approved" || call.type === "replayed"
        ? prepareAgainCall(call, preflight)
        : prepareBatchCallInTurn(toolCallOf(call), false, preflight);
    if (prepared instanceof Promise) prepared = await prepared;
    if (prepared.type === "awaiting") {
      batch.leaveAwaiting(index, prepared);
      return deferFrom(batch, index + 1);
    }
    const outcome =
      prepared.type === "ended" ? prepared.outcome : await executeReadyCall(prepared, journal);
    const attempt = prepared.type === "ended" ? undefined : prepared.start.attempt;
    const recovery = prepared.type === "ended" ? undefined : recoveryOf(prepared);
    let ended = settleBatchCall(batch, outcome, attempt, recovery);
    if (ended instanceof Promise) ended = await ended;
    batch.settle(index, ended);
    if (batch.streamResults) {
      const resulting = events.result(ended, batch.messages);
      if (resulting !== undefined) await resulting;
    }
  }
}

/** Every unsettled call from `start` on waits behind the awaiting one. */
function deferFrom(batch: BatchProgress, start: number): void {
  for (let index = start; index < batch.size; index++) {
    if (batch.outcomeAt(index) !== undefined) continue;
    const call = batch.callAt(index);
    if (call.type !== "awaiting") batch.defer(index, toolCallOf(call));
  }
}
