import type { ToolDispatchResult } from "@toolwright/tool-exec";

const DROPPABLE = new Set(["details", "structuredContent", "usage"]);

/**
 * A finished job's `returnvalue` as a {@link ToolDispatchResult}, or `undefined` when it is not one
 * (a job another program added to the queue, or a worker of an incompatible version).
 */
export function readDispatchResult(value: unknown): ToolDispatchResult | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const result = value as Record<string, unknown>;
  switch (result.status) {
    case "returned":
      if (!("value" in result)) return undefined;
      if (
        result.dropped !== undefined &&
        !(
          Array.isArray(result.dropped) &&
          result.dropped.every((field) => typeof field === "string" && DROPPABLE.has(field))
        )
      ) {
        return undefined;
      }
      return result as ToolDispatchResult;
    case "threw":
      return typeof result.message === "string" && typeof result.errorType === "string"
        ? (result as ToolDispatchResult)
        : undefined;
    case "interrupted":
      return Number.isSafeInteger(result.attempts) ? (result as ToolDispatchResult) : undefined;
    case "tool_not_found":
      return typeof result.worker === "string" ? (result as ToolDispatchResult) : undefined;
    default:
      return undefined;
  }
}
