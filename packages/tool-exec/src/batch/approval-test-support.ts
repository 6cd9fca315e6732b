// Tools and helpers shared by the approval tests of the batch (not part of the public API).
import type { Tool, ToolCall } from "@toolwright/tool-core";
import type { SuspendedToolBatch, ToolBatchOutcome } from "../model/tool-batch-outcome";
import { createToolCall } from "../test-support";

/** Records which calls executed, with their context's idempotency key and attempt. */
export interface ExecutionLog {
  readonly executed: string[];
  readonly keys: string[];
  /** Calls executing right now. */
  active: number;
}

export function createExecutionLog(): ExecutionLog {
  return { executed: [], keys: [], active: 0 };
}

interface TestToolOptions {
  readonly name: string;
  readonly log: ExecutionLog;
  readonly needsApproval?: Tool["needsApproval"];
  /** The `key` param names the lock key, when set. */
  readonly locked?: boolean;
}

/**
 * A tool with params `{ key?: string }` that returns text `done <id>` after a macrotask (so calls
 * really run concurrently), logging each execution.
 */
export function createTestTool(options: TestToolOptions): Tool {
  const { log } = options;
  return {
    name: options.name,
    description: `Test tool ${options.name}`,
    parameters: {
      type: "object",
      properties: { key: { type: "string" } },
      additionalProperties: false,
    },
    ...(options.needsApproval === undefined ? {} : { needsApproval: options.needsApproval }),
    ...(options.locked === true
      ? { lockKeys: (params: { key?: string }) => (params.key === undefined ? [] : [params.key]) }
      : {}),
    async execute(_params, context) {
      log.active++;
      log.executed.push(context.toolCallId);
      log.keys.push(context.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.active--;
      return { content: [{ type: "text", text: `done ${context.toolCallId}` }] };
    },
  } as Tool;
}

/** `read` (no approval) and `send` (always needs approval) over one log. */
export function createReadAndSend(log: ExecutionLog): { read: Tool; send: Tool } {
  return {
    read: createTestTool({ name: "read", log, locked: true }),
    send: createTestTool({ name: "send", log, locked: true, needsApproval: true }),
  };
}

export function call(id: string, name: string, key?: string): ToolCall {
  return createToolCall(id, name, key === undefined ? {} : { key });
}

/** The batch's result once it is known to have suspended (fails the test otherwise). */
export function expectSuspended(outcome: ToolBatchOutcome): SuspendedToolBatch {
  if (outcome.status !== "suspended") throw new Error("expected a suspended batch");
  return outcome;
}

/** A JSON round trip, as storing a state does. */
export function roundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
