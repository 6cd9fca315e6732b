// Test-only helpers (not exported from the package): tool calls, requests and states.
import type { ToolCall } from "@toolwright/tool-core";
import { createSuspendedBatch, type SuspendedCallRecord } from "./create-suspended-batch";
import type { SuspendedBatch } from "./suspended-batch";
import type { ToolApprovalRequest } from "./tool-approval-request";

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
