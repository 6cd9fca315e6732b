import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { createSuspendedBatch, findUnstorableToolCall } from "./create-suspended-batch";
import { verifySuspendedBatch } from "./sign-suspended-batch";
import { makeTestState, makeToolCall, T0 } from "./state-test-support";

describe("createSuspendedBatch", () => {
  it("should build the SPEC's version 1 shape, calls in source order", async () => {
    const state = await makeTestState();
    expect(state).toStrictEqual({
      type: "toolwright.suspended-batch",
      version: 1,
      batchId: "batch-1",
      revision: 0,
      mode: "parallel",
      createdAt: "2026-12-01T14:00:00.000Z",
      calls: [
        {
          toolCall: makeToolCall("c1", "read_file"),
          status: "settled",
          outcome: {
            result: { content: [{ type: "text", text: "contents" }], details: { bytes: 8 } },
            isError: false,
            durationMs: 12,
          },
        },
        {
          toolCall: makeToolCall("c2"),
          status: "awaiting_approval",
          approval: {
            approvalId: "approval-c2",
            requestedAt: "2026-12-01T14:00:00.000Z",
            expiresAt: "2026-12-01T14:01:00.000Z",
            reason: "external email",
            args: { to: "c2@example.org" },
            lockKeys: ["a"],
          },
        },
        { toolCall: makeToolCall("c3"), status: "deferred" },
        {
          toolCall: makeToolCall("c4"),
          status: "awaiting_approval",
          approval: {
            approvalId: "approval-c4",
            requestedAt: "2026-12-01T14:00:00.000Z",
            reason: "external email",
            args: { to: "c4@example.org" },
          },
        },
        {
          toolCall: makeToolCall("c5"),
          status: "settled",
          outcome: {
            result: { content: [{ type: "text", text: "sent" }] },
            isError: false,
            durationMs: 3,
            approval: { approvalId: "approval-c5", decision: "approve", by: "ana" },
          },
        },
      ],
    });
    expect(state).not.toHaveProperty("signature");
  });

  it("should survive a JSON round trip unchanged and still verify", async () => {
    const state = await makeTestState("s3cret");
    expect(typeof state.signature).toBe("string");
    const copy = JSON.parse(JSON.stringify(state));
    expect(copy).toStrictEqual(state);
    expect(await verifySuspendedBatch(copy, "s3cret")).toBe(true);
  });

  it("should not share objects with the records it was built from", async () => {
    const toolCall = makeToolCall("c1");
    const state = await createSuspendedBatch({
      batchId: "b",
      revision: 2,
      mode: "sequential",
      createdAt: new Date(T0).toISOString(),
      calls: [{ status: "deferred", toolCall }],
    });
    expect(state.calls[0]?.toolCall).toStrictEqual(toolCall);
    expect(state.calls[0]?.toolCall).not.toBe(toolCall);
  });

  it("should reject a tool call that is not JSON with INVALID_ARGUMENT naming it", async () => {
    const toolCall = { ...makeToolCall("c1"), arguments: { when: new Date(T0) } };
    const creating = createSuspendedBatch({
      batchId: "b",
      revision: 0,
      mode: "parallel",
      createdAt: new Date(T0).toISOString(),
      calls: [{ status: "deferred", toolCall }],
    });
    await expect(creating).rejects.toSatisfy(
      (error) =>
        ToolBatchError.isInstance(error) &&
        error.code === "INVALID_ARGUMENT" &&
        error.message.includes('"c1"') &&
        error.message.includes("/arguments/when"),
    );
  });
});

describe("findUnstorableToolCall", () => {
  it("should find the first call that is not JSON, with where and why", () => {
    const calls = [makeToolCall("c1"), { ...makeToolCall("c2"), arguments: { f: () => 1 } }];
    expect(findUnstorableToolCall(calls)).toEqual({
      index: 1,
      reason: "a function is not a JSON value at /arguments/f",
    });
    expect(findUnstorableToolCall([makeToolCall("c1")])).toBeUndefined();
  });
});
