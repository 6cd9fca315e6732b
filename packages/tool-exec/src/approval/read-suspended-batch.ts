/**
 * Reads an untrusted `SuspendedBatch`: a private JSON copy first (so getters run once and later
 * changes to the caller's object are not seen), then the type, the version, the signature and
 * every field, each failure a `ToolBatchError` naming the place. Cost is linear in the state's
 * size.
 */
import { isInvalidContentBlock, readContentBlock, type ToolCall } from "@toolwright/tool-core";
import {
  SUSPENDED_BATCH_TYPE,
  SUSPENDED_BATCH_VERSION,
  type SuspendedBatch,
} from "../model/suspended-batch";
import { ToolBatchError } from "../model/tool-batch-error";
import { TOOL_CALL_ERROR_TYPES } from "../model/tool-call-error-type";
import { BATCH_ID_PATTERN } from "./resolve-batch-id";
import { verifySuspendedBatch } from "./sign-suspended-batch";

type Json = Record<string, unknown>;

const APPROVAL_DECISIONS = new Set(["approve", "deny", "expire", "abort"]);
const DROPPABLE_FIELDS = new Set(["details", "structuredContent", "usage"]);

/**
 * The state as a checked private copy. Rejects (`ToolBatchError`) with `INVALID_STATE`,
 * `UNSUPPORTED_STATE_VERSION`, or — when `stateSecret` is given — `STATE_SIGNATURE_MISMATCH`.
 */
export async function readSuspendedBatch(
  value: unknown,
  stateSecret: string | Uint8Array | undefined,
): Promise<SuspendedBatch> {
  const state = copyAsJson(value);
  if (state.type !== SUSPENDED_BATCH_TYPE) {
    throw invalidState(`type must be ${JSON.stringify(SUSPENDED_BATCH_TYPE)}`);
  }
  const { version } = state;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw invalidState("version must be an integer >= 1");
  }
  if (version > SUSPENDED_BATCH_VERSION) {
    throw new ToolBatchError(
      "UNSUPPORTED_STATE_VERSION",
      `Suspended batch version ${version} is newer than this package reads (up to ${SUSPENDED_BATCH_VERSION}); upgrade @toolwright/tool-exec`,
    );
  }
  if (stateSecret !== undefined) await checkSignature(state, stateSecret);
  checkBatch(state);
  return state as unknown as SuspendedBatch;
}

function copyAsJson(value: unknown): Json {
  let copy: unknown;
  try {
    const text = JSON.stringify(value);
    copy = text === undefined ? undefined : JSON.parse(text);
  } catch (error) {
    throw invalidState("it is not JSON", error);
  }
  if (!isObject(copy)) throw invalidState("it must be an object");
  return copy;
}

async function checkSignature(state: Json, secret: string | Uint8Array): Promise<void> {
  if (state.signature === undefined) {
    throw new ToolBatchError(
      "STATE_SIGNATURE_MISMATCH",
      "The suspended batch has no signature, and approval.stateSecret is set",
    );
  }
  let verified: boolean;
  try {
    verified = await verifySuspendedBatch(state, secret);
  } catch (error) {
    throw invalidState("it could not be canonicalised to check its signature", error);
  }
  if (!verified) {
    throw new ToolBatchError(
      "STATE_SIGNATURE_MISMATCH",
      "The suspended batch's signature does not verify with approval.stateSecret: it was changed or signed with another secret",
    );
  }
}

function checkBatch(state: Json): void {
  if (typeof state.batchId !== "string" || !BATCH_ID_PATTERN.test(state.batchId)) {
    throw invalidState(`batchId must match ${String(BATCH_ID_PATTERN)}`);
  }
  if (!isCount(state.revision)) throw invalidState("revision must be an integer >= 0");
  if (state.mode !== "parallel" && state.mode !== "sequential") {
    throw invalidState('mode must be "parallel" or "sequential"');
  }
  checkTime(state.createdAt, "/createdAt");
  if (state.signature !== undefined && typeof state.signature !== "string") {
    throw invalidState("signature must be a string");
  }
  const { calls } = state;
  if (!Array.isArray(calls)) throw invalidState("calls must be an array");
  const callIds = new Set<string>();
  const approvalIds = new Set<string>();
  let unsettledSeen = false;
  for (let index = 0; index < calls.length; index++) {
    const call: unknown = calls[index];
    const where = `/calls/${index}`;
    if (!isObject(call)) throw invalidState(`${where} must be an object`);
    const toolCall = checkToolCall(call.toolCall, `${where}/toolCall`);
    if (callIds.has(toolCall.id)) {
      throw invalidState(`${where}/toolCall/id ${JSON.stringify(toolCall.id)} is a duplicate`);
    }
    callIds.add(toolCall.id);
    let approvalId: string | undefined;
    if (call.status === "settled") {
      if (unsettledSeen && state.mode === "sequential") {
        throw invalidState(`${where} is settled after an unsettled call of a sequential batch`);
      }
      approvalId = checkOutcome(call.outcome, `${where}/outcome`);
    } else if (call.status === "awaiting_approval") {
      unsettledSeen = true;
      approvalId = checkApproval(call.approval, `${where}/approval`);
    } else if (call.status === "deferred") {
      unsettledSeen = true;
    } else {
      throw invalidState(`${where}/status must be "settled", "awaiting_approval" or "deferred"`);
    }
    if (approvalId !== undefined) {
      if (approvalIds.has(approvalId)) {
        throw invalidState(`${where}: approvalId ${JSON.stringify(approvalId)} is a duplicate`);
      }
      approvalIds.add(approvalId);
    }
  }
}

function checkToolCall(value: unknown, where: string): ToolCall {
  if (!isObject(value)) throw invalidState(`${where} must be an object`);
  if (value.type !== "toolCall") throw invalidState(`${where}/type must be "toolCall"`);
  if (typeof value.id !== "string") throw invalidState(`${where}/id must be a string`);
  if (typeof value.name !== "string") throw invalidState(`${where}/name must be a string`);
  if (!isObject(value.arguments)) throw invalidState(`${where}/arguments must be an object`);
  optionalString(value.argumentsError, `${where}/argumentsError`);
  if (value.providerData !== undefined && !isObject(value.providerData)) {
    throw invalidState(`${where}/providerData must be an object`);
  }
  return value as unknown as ToolCall;
}

/**
 * Checks a stored result's content. The executor stored only blocks it had checked (a bad one
 * became text), so here every block must be valid: one that is not means the state was edited.
 */
function checkContent(value: unknown, where: string): void {
  if (!Array.isArray(value)) throw invalidState(`${where} must be an array`);
  for (let index = 0; index < value.length; index++) {
    const block = readContentBlock(value[index]);
    if (isInvalidContentBlock(block)) throw invalidState(`${where}/${index}: ${block.reason}`);
  }
}

/** Checks a settled outcome; returns its approval's id, if it has one. */
function checkOutcome(value: unknown, where: string): string | undefined {
  if (!isObject(value)) throw invalidState(`${where} must be an object`);
  const { result } = value;
  if (!isObject(result)) throw invalidState(`${where}/result must be an object`);
  checkContent(result.content, `${where}/result/content`);
  optionalBoolean(result.isError, `${where}/result/isError`);
  optionalBoolean(result.terminate, `${where}/result/terminate`);
  if (result.usage !== undefined && !isObject(result.usage)) {
    throw invalidState(`${where}/result/usage must be an object`);
  }
  if (typeof value.isError !== "boolean") throw invalidState(`${where}/isError must be a boolean`);
  if (value.durationMs !== undefined && !isDuration(value.durationMs)) {
    throw invalidState(`${where}/durationMs must be a number >= 0`);
  }
  if (
    value.errorType !== undefined &&
    !(TOOL_CALL_ERROR_TYPES as readonly unknown[]).includes(value.errorType)
  ) {
    throw invalidState(`${where}/errorType must be one of the executor's error types`);
  }
  const { dropped } = value;
  if (
    dropped !== undefined &&
    (!Array.isArray(dropped) || !dropped.every((field) => DROPPABLE_FIELDS.has(field)))
  ) {
    throw invalidState(`${where}/dropped must list "details", "structuredContent" or "usage"`);
  }
  const { approval } = value;
  if (approval === undefined) return undefined;
  if (!isObject(approval)) throw invalidState(`${where}/approval must be an object`);
  if (!APPROVAL_DECISIONS.has(approval.decision as string)) {
    throw invalidState(`${where}/approval/decision must be approve, deny, expire or abort`);
  }
  optionalString(approval.by, `${where}/approval/by`);
  optionalString(approval.message, `${where}/approval/message`);
  return checkApprovalId(approval.approvalId, `${where}/approval/approvalId`);
}

/** Checks a pending request; returns its id. */
function checkApproval(value: unknown, where: string): string {
  if (!isObject(value)) throw invalidState(`${where} must be an object`);
  const approvalId = checkApprovalId(value.approvalId, `${where}/approvalId`);
  const requestedAt = checkTime(value.requestedAt, `${where}/requestedAt`);
  if (value.expiresAt !== undefined) {
    const expiresAt = checkTime(value.expiresAt, `${where}/expiresAt`);
    if (expiresAt < requestedAt) throw invalidState(`${where}/expiresAt is before requestedAt`);
  }
  optionalString(value.reason, `${where}/reason`);
  if (value.args !== undefined && !isObject(value.args)) {
    throw invalidState(`${where}/args must be an object`);
  }
  const { lockKeys } = value;
  if (
    lockKeys !== undefined &&
    (!Array.isArray(lockKeys) || !lockKeys.every((key) => typeof key === "string"))
  ) {
    throw invalidState(`${where}/lockKeys must be an array of strings`);
  }
  return approvalId;
}

function checkApprovalId(value: unknown, where: string): string {
  if (typeof value !== "string" || value === "") {
    throw invalidState(`${where} must be a non-empty string`);
  }
  return value;
}

/** An ISO-8601 time as milliseconds. */
function checkTime(value: unknown, where: string): number {
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw invalidState(`${where} must be an ISO-8601 time`);
  return time;
}

function optionalString(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== "string") {
    throw invalidState(`${where} must be a string`);
  }
}

function optionalBoolean(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== "boolean") {
    throw invalidState(`${where} must be a boolean`);
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isDuration(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function invalidState(problem: string, cause?: unknown): ToolBatchError {
  return new ToolBatchError(
    "INVALID_STATE",
    `Not a suspended batch: ${problem}`,
    cause === undefined ? undefined : { cause },
  );
}
