/**
 * The shape check behind `parseTranscript` and `serializeTranscript`: what a message must look
 * like to replay. It reports the first problem as a short phrase naming the field ("toolsAdded[1]
 * .parameters must be an object"), or `undefined` when the message is valid. Unknown extra fields
 * are allowed (applications add their own); nested values such as tool arguments or schemas are
 * only checked to be objects, never walked, so a deep value cannot exhaust the stack.
 */

import { isInvalidContentBlock, readContentBlock } from "@toolwright/tool-core";

type Check = (message: Readonly<Record<string, unknown>>) => string | undefined;

const roles = ["system", "user", "assistant", "toolResult"] as const;
const stopReasons = ["stop", "length", "toolUse", "error", "aborted"];

const checksByRole: Readonly<Record<(typeof roles)[number], readonly Check[]>> = {
  system: [
    (message) => expectString(message.content, "content"),
    (message) => expectOptionalArray(message.toolsAdded, "toolsAdded", describeDeclarationProblem),
    (message) => expectOptionalArray(message.toolsRemoved, "toolsRemoved", describeRemovalProblem),
  ],
  user: [
    (message) =>
      typeof message.content === "string"
        ? undefined
        : expectArray(message.content, "content", describeToolContentProblem),
  ],
  assistant: [
    (message) => expectArray(message.content, "content", describeAssistantContentProblem),
    (message) =>
      message.stopReason === undefined || stopReasons.includes(message.stopReason as string)
        ? undefined
        : `stopReason must be one of ${stopReasons.map((reason) => `"${reason}"`).join(", ")}`,
  ],
  toolResult: [
    (message) => expectString(message.toolCallId, "toolCallId"),
    (message) => expectString(message.toolName, "toolName"),
    (message) => expectArray(message.content, "content", describeToolContentProblem),
    (message) => (typeof message.isError === "boolean" ? undefined : "isError must be a boolean"),
    (message) =>
      message.usage === undefined || isObject(message.usage)
        ? undefined
        : "usage must be an object",
    (message) =>
      message.durationMs === undefined || isFiniteNumber(message.durationMs)
        ? undefined
        : "durationMs must be a finite number",
  ],
};

/** The first problem of `value` as a transcript message, or `undefined` when it is valid. */
export function describeMessageProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "a message must be a JSON object";
  const role = value.role;
  if (typeof role !== "string" || !(roles as readonly string[]).includes(role)) {
    return `role must be one of ${roles.map((name) => `"${name}"`).join(", ")} (got ${preview(role)})`;
  }
  if (!isFiniteNumber(value.timestamp)) return "timestamp must be a finite number";
  for (const check of checksByRole[role as (typeof roles)[number]]) {
    const problem = check(value);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function describeDeclarationProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "must be an object";
  if (typeof value.name !== "string") return ".name must be a string";
  if (typeof value.description !== "string") return ".description must be a string";
  if (!isObject(value.parameters)) return ".parameters must be an object";
  if (value.constrainedSampling !== undefined && typeof value.constrainedSampling !== "boolean") {
    return ".constrainedSampling must be a boolean";
  }
  return undefined;
}

function describeRemovalProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "must be an object";
  return typeof value.name === "string" ? undefined : ".name must be a string";
}

/** A content block is checked by tool-core's own reader, so every block type replays. */
function describeToolContentProblem(value: unknown): string | undefined {
  const block = readContentBlock(value);
  if (!isInvalidContentBlock(block)) return undefined;
  // "data must be a string" names a field of the block: `content[2].data must be a string`.
  return /^[A-Za-z_.]+ must /.test(block.reason) ? `.${block.reason}` : block.reason;
}

function describeAssistantContentProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "must be an object";
  switch (value.type) {
    case "text":
      return typeof value.text === "string" ? undefined : ".text must be a string";
    case "thinking":
      return typeof value.thinking === "string" ? undefined : ".thinking must be a string";
    case "toolCall":
      if (typeof value.id !== "string") return ".id must be a string";
      if (typeof value.name !== "string") return ".name must be a string";
      if (!isObject(value.arguments)) return ".arguments must be an object";
      if (value.argumentsError !== undefined && typeof value.argumentsError !== "string") {
        return ".argumentsError must be a string";
      }
      return undefined;
    default:
      return `.type must be "text", "thinking" or "toolCall" (got ${preview(value.type)})`;
  }
}

function expectString(value: unknown, field: string): string | undefined {
  return typeof value === "string" ? undefined : `${field} must be a string`;
}

function expectOptionalArray(
  value: unknown,
  field: string,
  describeItem: (item: unknown) => string | undefined,
): string | undefined {
  return value === undefined ? undefined : expectArray(value, field, describeItem);
}

function expectArray(
  value: unknown,
  field: string,
  describeItem: (item: unknown) => string | undefined,
): string | undefined {
  if (!Array.isArray(value)) return `${field} must be an array`;
  for (let index = 0; index < value.length; index++) {
    const problem = describeItem(value[index]);
    if (problem !== undefined) {
      return `${field}[${index}]${problem.startsWith(".") ? "" : " "}${problem}`;
    }
  }
  return undefined;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
