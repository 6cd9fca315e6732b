import { describe, expect, it, vi } from "vitest";
import { makeApprovalInput, makeGatedTool } from "../approval/state-test-support";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { evaluateToolApproval } from "./approve-tool-call";

describe("evaluateToolApproval", () => {
  it("should run synchronously from check to verdict when no callback returns a promise", () => {
    expect(evaluateToolApproval(makeApprovalInput(makeGatedTool()))).toEqual({
      type: "not_needed",
    });
    const awaiting = evaluateToolApproval(makeApprovalInput(makeGatedTool(true)));
    expect(awaiting).toMatchObject({ type: "awaiting", request: { batchId: "batch-1" } });
    const approved = evaluateToolApproval(
      makeApprovalInput(makeGatedTool(true), { decide: () => ({ decision: "approve" }) }),
    );
    expect(approved).toMatchObject({ type: "approved", resolution: { decision: "approve" } });
  });

  it("should not announce or decide a call that needs no approval, or whose check failed", async () => {
    const onRequested = vi.fn();
    const decide = vi.fn(() => ({ decision: "approve" as const }));
    evaluateToolApproval(makeApprovalInput(makeGatedTool(false), { decide }), onRequested);
    const failed = await evaluateToolApproval(
      makeApprovalInput(
        makeGatedTool(() => Promise.reject(new Error("x"))),
        { decide },
      ),
      onRequested,
    );
    expect(failed).toMatchObject({
      type: "failed",
      text: "needsApproval of tool send_email failed: x",
    });
    expect(onRequested).not.toHaveBeenCalled();
    expect(decide).not.toHaveBeenCalled();
  });

  it("should announce the request before decide runs, after an async check", async () => {
    const order: string[] = [];
    let announced: ToolApprovalRequest | undefined;
    const input = makeApprovalInput(
      makeGatedTool(async () => {
        order.push("check");
        return true;
      }),
      {
        decide: (request) => {
          order.push("decide");
          expect(request).toBe(announced);
          return { decision: "deny" };
        },
      },
    );
    const step = await evaluateToolApproval(input, async (request) => {
      announced = request;
      order.push("announce");
    });
    expect(order).toEqual(["check", "announce", "decide"]);
    expect(step).toMatchObject({
      type: "denied",
      request: announced,
      text: "Tool send_email was not executed: the user denied the call.",
    });
  });

  it.each([
    {
      how: "throws",
      onRequested: () => {
        throw new Error("listener down");
      },
    },
    { how: "rejects", onRequested: () => Promise.reject(new Error("listener down")) },
  ])(
    "should end the call with the listener's message when announcing $how, without deciding",
    async ({ onRequested }) => {
      const decide = vi.fn(() => ({ decision: "approve" as const }));
      const step = await evaluateToolApproval(
        makeApprovalInput(makeGatedTool(true), { decide }),
        onRequested,
      );
      expect(step).toMatchObject({
        type: "failed",
        errorType: "approval_error",
        text: "listener down",
      });
      expect(decide).not.toHaveBeenCalled();
    },
  );
});
