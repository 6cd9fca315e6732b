// The shape rules of a journal record, in one place: a journal runs them before it writes (a bad
// record is refused with INVALID_ARGUMENT) and the file journal runs them on every line it reads
// (a bad line is JOURNAL_CORRUPT). Values must be JSON: checked by tool-core's copier elsewhere.
import { isInvalidContentBlock, readContentBlock } from "@toolwright/tool-core";

type Fields = Readonly<Record<string, unknown>>;

const isString = (value: unknown) => typeof value === "string";
const isOptionalString = (value: unknown) => value === undefined || typeof value === "string";
const isPositiveInteger = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isToolCall(value: unknown): boolean {
  return isObject(value) && value.type === "toolCall" && isString(value.id) && isString(value.name);
}

function isOutcome(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.isError === "boolean" &&
    isObject(value.result) &&
    Array.isArray(value.result.content) &&
    value.result.content.every(isContentBlock)
  );
}

/** A stored block goes back to a model on recovery, so it must be one tool-core accepts. */
function isContentBlock(value: unknown): boolean {
  return !isInvalidContentBlock(readContentBlock(value));
}

/** Per record type: which fields are wrong, as a list of their names. */
const fieldRules: Readonly<Record<string, (record: Fields) => readonly [string, boolean][]>> = {
  batch: (record) => [
    ["v", record.v === 1],
    ["batchId", isString(record.batchId)],
    ["mode", record.mode === "parallel" || record.mode === "sequential"],
    ["calls", Array.isArray(record.calls) && record.calls.every(isToolCall)],
  ],
  approval: (record) => [
    ["callId", isString(record.callId)],
    ["approvalId", isString(record.approvalId)],
    ["expiresAt", isOptionalString(record.expiresAt)],
    ["reason", isOptionalString(record.reason)],
  ],
  decision: (record) => [
    ["callId", isString(record.callId)],
    ["approvalId", isString(record.approvalId)],
    ["decision", record.decision === "approve" || record.decision === "deny"],
    ["message", isOptionalString(record.message)],
    ["by", isOptionalString(record.by)],
  ],
  revision: (record) => [
    ["revision", Number.isSafeInteger(record.revision) && (record.revision as number) >= 0],
  ],
  started: (record) => [
    ["callId", isString(record.callId)],
    ["attempt", isPositiveInteger(record.attempt)],
    ["replay", record.replay === "never" || record.replay === "safe"],
    ["dispatchKey", isOptionalString(record.dispatchKey)],
  ],
  settled: (record) => [
    ["callId", isString(record.callId)],
    ["attempt", record.attempt === undefined || isPositiveInteger(record.attempt)],
    ["outcome", isOutcome(record.outcome)],
    [
      "recovery",
      record.recovery === undefined ||
        record.recovery === "interrupted" ||
        record.recovery === "attempts_exhausted" ||
        record.recovery === "adopted_remote",
    ],
    ["truncatedRecord", record.truncatedRecord === undefined || record.truncatedRecord === true],
  ],
  completed: () => [],
};

/**
 * What is wrong with `value` as a journal record (`"t is not a record type"`,
 * `"settled record: bad callId, outcome"`), or `undefined` when its shape is right.
 */
export function findJournalRecordProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "not an object";
  const rules =
    typeof value.t === "string" && Object.hasOwn(fieldRules, value.t)
      ? fieldRules[value.t]
      : undefined;
  if (rules === undefined) return `t is not a record type (${JSON.stringify(value.t) ?? "absent"})`;
  const bad = [["at", isString(value.at)] as const, ...rules(value)]
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  return bad.length === 0 ? undefined : `${value.t} record: bad ${bad.join(", ")}`;
}
