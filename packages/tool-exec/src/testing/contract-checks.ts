// Assertions for the journal contract cases. They throw plain Errors, so the cases run under any
// test runner (and none).

import type { ToolCallJournal } from "../journal/tool-call-journal";
import { ToolBatchError, type ToolBatchErrorCode } from "../model/tool-batch-error";
import { uniqueBatchId } from "./contract-records";

/** A case: its name, and a body that opens journals through `open` (closed for it afterwards). */
export type ContractCaseBody = readonly [
  name: string,
  body: (open: () => Promise<ToolCallJournal>) => Promise<void>,
];

export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Deep equality of JSON values, with both shown on failure. */
export function checkJsonEqual(actual: unknown, expected: unknown, what: string): void {
  const actualText = JSON.stringify(actual);
  const expectedText = JSON.stringify(expected);
  check(
    actualText === expectedText,
    `${what}:\n  expected ${expectedText}\n  got      ${actualText}`,
  );
}

/** Awaits `promise` and checks it rejects with a `ToolBatchError` of `code`. */
export async function checkRejects(
  promise: Promise<unknown>,
  code: ToolBatchErrorCode,
  what: string,
): Promise<ToolBatchError> {
  let settled: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    settled = { ok: true, value: await promise };
  } catch (error) {
    settled = { ok: false, error };
  }
  if (settled.ok) throw new Error(`${what}: expected a ToolBatchError ${code}, but it resolved`);
  const { error } = settled;
  check(
    ToolBatchError.isInstance(error) && error.code === code,
    `${what}: expected a ToolBatchError ${code}, got ${ToolBatchError.isInstance(error) ? error.code : String(error)}`,
  );
  return error as ToolBatchError;
}

/** Opens a journal and locks a fresh batch of it, the way the executor works with a batch. */
export async function openLockedBatch(open: () => Promise<ToolCallJournal>, label: string) {
  const journal = await open();
  const batchId = uniqueBatchId(label);
  const lock = await journal.lock(batchId, "contract");
  return { journal, batchId, lock };
}
