// Helpers shared by this package's tests (not part of the public API, not bundled).
import type { Tool, ToolCall } from "@toolwright/tool-core";
import type { ToolExecutionEvent } from "./batch/tool-events";
import type { CompletedToolBatch, ToolBatchOutcome } from "./model/tool-batch-outcome";

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
  return events.map((event) => {
    if (event.type === "tool_result") return `tool_result:${event.message.toolCallId}`;
    if (event.type === "tool_batch_suspended") return `tool_batch_suspended:${event.revision}`;
    return `${event.type}:${event.toolCallId}`;
  });
}

/** Waits until every queued microtask (and the promise jobs they queue) ran. */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) await Promise.resolve();
}

/** A tool `count` that records the params of each call; `overrides` replace any field. */
export function countingTool(overrides: Partial<Tool> = {}): Tool & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name: "count",
    description: "Counts calls",
    parameters: { type: "object", properties: { n: { type: "integer" } } },
    execute(params) {
      calls.push(params);
      return { content: [{ type: "text", text: "ok" }] };
    },
    ...overrides,
    calls,
  } as Tool & { calls: unknown[] };
}

/** A tool whose calls each wait for a deferred the test resolves: `{ id }` → text `id`. */
export function createGatedTool(name = "gated", overrides: Partial<Tool> = {}) {
  const gates = new Map<string, Deferred<void>>();
  const started: string[] = [];
  let active = 0;
  let maxActive = 0;
  const gate = (id: string) => {
    let deferred = gates.get(id);
    if (deferred === undefined) {
      deferred = createDeferred();
      gates.set(id, deferred);
    }
    return deferred;
  };
  const tool = {
    name,
    description: "Waits for the test",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    async execute(params: Readonly<Record<string, unknown>>) {
      const id = String(params.id);
      started.push(id);
      active++;
      maxActive = Math.max(maxActive, active);
      await gate(id).promise;
      active--;
      return { content: [{ type: "text" as const, text: id }] };
    },
    ...overrides,
  } as Tool;
  return {
    tool,
    started,
    open: (id: string) => gate(id).resolve(),
    get maxActive() {
      return maxActive;
    },
  };
}

export function gatedCall(id: string, name = "gated"): ToolCall {
  return createToolCall(id, name, { id });
}

export function recordEvents() {
  const events: ToolExecutionEvent[] = [];
  return { events, onEvent: (event: ToolExecutionEvent) => void events.push(event) };
}

/** The batch's result once it is known to have completed (fails the test otherwise). */
export function expectComplete(outcome: ToolBatchOutcome): CompletedToolBatch {
  if (outcome.status !== "complete") {
    throw new Error(`expected a completed batch, got ${outcome.status}`);
  }
  return outcome;
}
