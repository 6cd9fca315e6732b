import { copyJsonValue, type ToolCall } from "@toolwright/tool-core";
import {
  SUSPENDED_BATCH_TYPE,
  SUSPENDED_BATCH_VERSION,
  type SuspendedApproval,
  type SuspendedBatch,
  type SuspendedCall,
} from "../model/suspended-batch";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import { type StorableOutcome, serializeOutcome } from "./serialize-outcome";
import { signSuspendedBatch } from "./sign-suspended-batch";

/** Where one call of a suspending batch stands. */
export type SuspendedCallRecord =
  | { readonly status: "settled"; readonly outcome: StorableOutcome }
  | {
      readonly status: "awaiting_approval";
      readonly request: ToolApprovalRequest;
      /** The call's lock keys, so that calls overlapping them stay deferred after a resume. */
      readonly lockKeys?: readonly string[] | undefined;
    }
  | { readonly status: "deferred"; readonly toolCall: ToolCall };

/** What {@link createSuspendedBatch} builds a state from. */
export interface SuspendedBatchInput {
  readonly batchId: string;
  readonly revision: number;
  readonly mode: ToolBatchMode;
  /** ISO-8601. */
  readonly createdAt: string;
  /** Every call of the batch, in source order. */
  readonly calls: readonly SuspendedCallRecord[];
  /** Signs the state when set (`approval.stateSecret`). */
  readonly stateSecret?: string | Uint8Array;
}

/**
 * Builds the JSON state of a suspending batch: settled outcomes stored with `serializeOutcome`,
 * pending requests with their validated params, deferred calls as they are; then exactly what a
 * JSON round trip gives (so `JSON.parse(JSON.stringify(state))` equals it), signed when a secret
 * is given. Rejects with `ToolBatchError` `INVALID_ARGUMENT` for a tool call that is not JSON
 * (check calls up front with `findUnstorableToolCall` so this cannot happen after calls ran).
 */
export async function createSuspendedBatch(input: SuspendedBatchInput): Promise<SuspendedBatch> {
  const calls = input.calls.map(toSuspendedCall);
  const unsigned: SuspendedBatch = JSON.parse(
    JSON.stringify({
      type: SUSPENDED_BATCH_TYPE,
      version: SUSPENDED_BATCH_VERSION,
      batchId: input.batchId,
      revision: input.revision,
      mode: input.mode,
      createdAt: input.createdAt,
      calls,
    }),
  );
  if (input.stateSecret === undefined) return unsigned;
  return { ...unsigned, signature: await signSuspendedBatch(unsigned, input.stateSecret) };
}

/** The first call that cannot be stored in a state (not JSON), with why; `undefined` when all can. */
export function findUnstorableToolCall(
  toolCalls: readonly ToolCall[],
): { readonly index: number; readonly reason: string } | undefined {
  for (let index = 0; index < toolCalls.length; index++) {
    const copied = copyJsonValue(toolCalls[index]);
    if (!copied.ok) {
      const { path, reason } = copied.failure;
      return { index, reason: `${reason}${path === "" ? "" : ` at ${path}`}` };
    }
  }
  return undefined;
}

function toSuspendedCall(record: SuspendedCallRecord): SuspendedCall {
  switch (record.status) {
    case "settled":
      return {
        toolCall: copyToolCall(record.outcome.toolCall),
        status: "settled",
        outcome: serializeOutcome(record.outcome),
      };
    case "awaiting_approval":
      return {
        toolCall: copyToolCall(record.request.toolCall),
        status: "awaiting_approval",
        approval: toSuspendedApproval(record.request, record.lockKeys),
      };
    default:
      return { toolCall: copyToolCall(record.toolCall), status: "deferred" };
  }
}

function toSuspendedApproval(
  request: ToolApprovalRequest,
  lockKeys: readonly string[] | undefined,
): SuspendedApproval {
  return {
    approvalId: request.approvalId,
    requestedAt: request.requestedAt,
    ...(request.expiresAt === undefined ? {} : { expiresAt: request.expiresAt }),
    ...(request.reason === undefined ? {} : { reason: request.reason }),
    ...(request.details === undefined ? {} : { details: request.details }),
    args: request.args,
    ...(lockKeys === undefined || lockKeys.length === 0 ? {} : { lockKeys: [...lockKeys] }),
  };
}

function copyToolCall(toolCall: ToolCall): ToolCall {
  const copied = copyJsonValue(toolCall);
  if (copied.ok) return copied.value as ToolCall;
  const { path, reason } = copied.failure;
  throw new ToolBatchError(
    "INVALID_ARGUMENT",
    `Tool call ${JSON.stringify(String(toolCall.id))} cannot be stored in a suspended batch: ${reason}${path === "" ? "" : ` at ${path}`}`,
  );
}
