// Helpers shared by this package's tests (not part of the public API, not bundled).
import type { Tool, ToolCall } from "@toolwright/tool-core";
import type { ToolExecutionEvent } from "./tool-events";

/** A promise with its resolve and reject in hand, for ordering tests without sleeps. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function createDeferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

/** A tool call as a provider adapter would make it. */
export function createToolCall(
  id: string,
  name: string,
  args: Readonly<Record<string, unknown>> = {},
): ToolCall {
  return { type: "toolCall", id, name, arguments: args };
}

/** The text of a result's first part. */
export function firstText(result: { readonly content: readonly unknown[] }): string | undefined {
  const first = result.content[0] as { type?: string; text?: string } | undefined;
  return first?.type === "text" ? first.text : undefined;
}

/** An `echo` tool: `{ value: string }` → text `value`, `details: { source: "echo" }`. */
export const echoTool: Tool = {
  name: "echo",
  description: "Echo one value",
  parameters: {
    type: "object",
    properties: { value: { type: "string" } },
    required: ["value"],
    additionalProperties: false,
  },
  execute(params) {
    const { value } = params as { value: string };
    return { content: [{ type: "text", text: value }], details: { source: "echo" } };
  },
};

/** Event log entries as `type:id`, the shape ordering tests compare. */
export function describeEvents(events: readonly ToolExecutionEvent[]): string[] {
  return events.map((event) =>
    event.type === "tool_result"
      ? `tool_result:${event.message.toolCallId}`
      : `${event.type}:${event.toolCallId}`,
  );
}

/** Waits until every queued microtask (and the promise jobs they queue) ran. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) await Promise.resolve();
}
