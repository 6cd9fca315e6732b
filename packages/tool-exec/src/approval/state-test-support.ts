// Test-only helpers (not exported from the package): tool calls, requests and states.
import { defineTool, type Tool, type ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalInput } from "../call/approve-tool-call";
import type { SuspendedBatch } from "../model/suspended-batch";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { ToolBatchError, type ToolBatchErrorCode } from "../model/tool-batch-error";
import { createSuspendedBatch, type SuspendedCallRecord } from "./create-suspended-batch";
import { resolveApprovalOptions } from "./resolve-approval-options";
import type { ToolApprovalOptions } from "./tool-approval-options";

/** 2026-12-01T14:00:00.000Z: the fake clock's start. */
export const T0 = Date.UTC(2026, 11, 1, 14, 0, 0);

export function makeToolCall(id: string, name = "send_email"): ToolCall {
  return { type: "toolCall", id, name, arguments: { to: `${id}@example.org` } };
}

export function makeRequest(
  id: string,
  options: { approvalId?: string; ttlMs?: number; name?: string } = {},
): ToolApprovalRequest {
  const toolCall = makeToolCall(id, options.name);
  return {
    approvalId: options.approvalId ?? `approval-${id}`,
    batchId: "batch-1",
    toolCall,
    args: { to: `${id}@example.org` },
    reason: "external email",
    requestedAt: new Date(T0).toISOString(),
    ...(options.ttlMs === undefined
      ? {}
      : { expiresAt: new Date(T0 + options.ttlMs).toISOString() }),
  };
}

/**
 * A parallel batch: c1 settled, c2 awaiting (ttl 60 s, lock key "a"), c3 deferred, c4 awaiting
 * (no ttl), c5 settled after approval (approvalId "approval-c5").
 */
export function makeTestRecords(): SuspendedCallRecord[] {
  return [
    {
      status: "settled",
      outcome: {
        toolCall: makeToolCall("c1", "read_file"),
        result: { content: [{ type: "text", text: "contents" }], details: { bytes: 8 } },
        isError: false,
        durationMs: 12,
      },
    },
    { status: "awaiting_approval", request: makeRequest("c2", { ttlMs: 60_000 }), lockKeys: ["a"] },
    { status: "deferred", toolCall: makeToolCall("c3") },
    { status: "awaiting_approval", request: makeRequest("c4") },
    {
      status: "settled",
      outcome: {
        toolCall: makeToolCall("c5"),
        result: { content: [{ type: "text", text: "sent" }] },
        isError: false,
        durationMs: 3,
        approval: { approvalId: "approval-c5", decision: "approve", by: "ana" },
      },
    },
  ];
}

export function makeTestState(stateSecret?: string): Promise<SuspendedBatch> {
  return createSuspendedBatch({
    batchId: "batch-1",
    revision: 0,
    mode: "parallel",
    createdAt: new Date(T0).toISOString(),
    calls: makeTestRecords(),
    ...(stateSecret === undefined ? {} : { stateSecret }),
  });
}

/** A `send_email` tool with `needsApproval` as given. */
export function makeGatedTool(needsApproval?: Tool["needsApproval"]): Tool {
  return defineTool({
    name: "send_email",
    description: "Send an email",
    parameters: { type: "object", properties: { to: { type: "string" } } },
    ...(needsApproval === undefined ? {} : { needsApproval }),
    execute: () => ({ content: [] }),
  });
}

/** Step 5a's input for call c1 of `tool`, with the fake clock at {@link T0} unless `approval` sets `now`. */
export function makeApprovalInput(
  tool: Tool,
  approval: ToolApprovalOptions = {},
): ToolApprovalInput {
  return {
    batchId: "batch-1",
    tool,
    toolCall: makeToolCall("c1"),
    args: { to: "c1@example.org" },
    context: { user: "ana" },
    signal: new AbortController().signal,
    approval: resolveApprovalOptions({ now: () => T0, ...approval }),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests edit a JSON state freely, field by field
export type Editable = any;

/** The test state as plain JSON, for editing. */
export async function editableState(): Promise<Editable> {
  return JSON.parse(JSON.stringify(await makeTestState()));
}

/** The `ToolBatchError` code a promise rejects with, or `resolved`. */
export async function codeOf(
  promise: Promise<unknown>,
): Promise<ToolBatchErrorCode | "resolved" | "not a ToolBatchError"> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return ToolBatchError.isInstance(error) ? error.code : "not a ToolBatchError";
  }
}
