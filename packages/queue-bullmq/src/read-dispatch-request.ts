import type { ToolDispatchRequest } from "@toolwright/tool-exec";

/**
 * `data` as a {@link ToolDispatchRequest}, or why it is not one. A worker reads job data that any
 * program with access to the queue could have written, so it checks the shape before trusting it.
 */
export function readDispatchRequest(
  data: unknown,
): { ok: true; request: ToolDispatchRequest } | { ok: false; reason: string } {
  if (!isRecord(data)) return { ok: false, reason: "the job's data is not an object" };
  if (data.v !== 1) return { ok: false, reason: `unsupported request version ${String(data.v)}` };
  for (const field of ["key", "batchId", "toolName"] as const) {
    if (typeof data[field] !== "string") return { ok: false, reason: `${field} is not a string` };
  }
  if (!isRecord(data.toolCall) || typeof data.toolCall.id !== "string") {
    return { ok: false, reason: "toolCall is not a tool call" };
  }
  if (!isRecord(data.args)) return { ok: false, reason: "args is not an object" };
  if (data.replay !== "never" && data.replay !== "safe") {
    return { ok: false, reason: 'replay is not "never" or "safe"' };
  }
  if (!Number.isSafeInteger(data.attempt) || (data.attempt as number) < 1) {
    return { ok: false, reason: "attempt is not a positive integer" };
  }
  if (data.timeoutMs !== undefined && typeof data.timeoutMs !== "number") {
    return { ok: false, reason: "timeoutMs is not a number" };
  }
  return { ok: true, request: data as unknown as ToolDispatchRequest };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
