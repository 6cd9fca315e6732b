import type { NeedsApproval, ToolApprovalCheck } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { defaultNeedsApproval } from "../approval/default-needs-approval";
import { makeApprovalInput, makeGatedTool, makeToolCall } from "../approval/state-test-support";
import type { ToolApprovalOptions } from "../approval/tool-approval-options";
import { checkToolApproval, type ToolApprovalCheckResult } from "./approve-tool-call";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function requestOf(check: ToolApprovalCheckResult | Promise<ToolApprovalCheckResult>) {
  if (check instanceof Promise || check.type !== "needed") throw new Error("expected a request");
  return check.request;
}

describe("checkToolApproval", () => {
  it.each([
    { what: "no needsApproval", needsApproval: undefined },
    { what: "needsApproval false", needsApproval: false },
    { what: "a check returning undefined", needsApproval: () => undefined },
    {
      what: "a check returning 0",
      needsApproval: (() => 0) as unknown as ToolApprovalCheck<unknown>,
    },
  ])("should not need approval with $what, synchronously", ({ needsApproval }) => {
    const check = checkToolApproval(makeApprovalInput(makeGatedTool(needsApproval)));
    expect(check).toEqual({ type: "not_needed" });
  });

  it("should make a request when the tool says true", () => {
    expect(checkToolApproval(makeApprovalInput(makeGatedTool(true)))).toEqual({
      type: "needed",
      request: {
        approvalId: expect.stringMatching(UUID),
        batchId: "batch-1",
        toolCall: makeToolCall("c1"),
        args: { to: "c1@example.org" },
        requestedAt: "2026-12-01T14:00:00.000Z",
      },
    });
  });

  it("should give the tool's check the validated params and { toolCall, context, signal }, and copy the params", () => {
    const check = vi.fn(
      (_params: unknown, _context: unknown): NeedsApproval => ({
        reason: "external",
        details: { recipients: 1 },
      }),
    );
    const input = makeApprovalInput(makeGatedTool(check));
    const request = requestOf(checkToolApproval(input));
    expect(check).toHaveBeenCalledWith(input.args, {
      toolCall: input.toolCall,
      context: input.context,
      signal: input.signal,
    });
    expect(request).toMatchObject({
      reason: "external",
      details: { recipients: 1 },
      args: input.args,
    });
    expect(request.args).not.toBe(input.args);
  });

  it("should let the batch's needsApproval replace the tool's, and defer to it through defaultNeedsApproval", async () => {
    const tool = makeGatedTool(() => ({ reason: "tool says so" }));
    expect(checkToolApproval(makeApprovalInput(tool, { needsApproval: () => false }))).toEqual({
      type: "not_needed",
    });
    const seen: unknown[] = [];
    const deferring = checkToolApproval(
      makeApprovalInput(tool, {
        needsApproval: async (ctx) => {
          seen.push(ctx.tool, ctx.args, ctx.context);
          return defaultNeedsApproval(ctx);
        },
      }),
    );
    expect(deferring).toBeInstanceOf(Promise);
    expect(await deferring).toMatchObject({ type: "needed", request: { reason: "tool says so" } });
    expect(seen).toEqual([tool, { to: "c1@example.org" }, { user: "ana" }]);
    const gatedByBatch = makeApprovalInput(makeGatedTool(), { needsApproval: () => true });
    expect(checkToolApproval(gatedByBatch)).toMatchObject({ type: "needed" });
  });

  it("should give every request its own approvalId", () => {
    const ids = new Set<string>();
    for (let index = 0; index < 50; index++) {
      ids.add(requestOf(checkToolApproval(makeApprovalInput(makeGatedTool(true)))).approvalId);
    }
    expect(ids.size).toBe(50);
  });

  describe("expiry", () => {
    it.each([
      {
        what: "the batch's ttlMs",
        approval: { ttlMs: 60_000 },
        own: true,
        expiresAt: "2026-12-01T14:01:00.000Z",
      },
      {
        what: "the call's ttlMs over the batch's",
        approval: { ttlMs: 60_000 },
        own: { ttlMs: 1_500 },
        expiresAt: "2026-12-01T14:00:01.500Z",
      },
      {
        what: "a ttlMs of 0",
        approval: {},
        own: { ttlMs: 0 },
        expiresAt: "2026-12-01T14:00:00.000Z",
      },
      {
        what: "a fractional ttlMs, rounded up",
        approval: {},
        own: { ttlMs: 0.2 },
        expiresAt: "2026-12-01T14:00:00.001Z",
      },
      {
        what: "an infinite ttlMs",
        approval: { ttlMs: 60_000 },
        own: { ttlMs: Number.POSITIVE_INFINITY },
        expiresAt: undefined,
      },
      { what: "no ttlMs", approval: {}, own: true, expiresAt: undefined },
      {
        what: "a ttl past the end of time",
        approval: {},
        own: { ttlMs: 1e300 },
        expiresAt: undefined,
      },
    ])("should compute expiresAt from $what", ({ approval, own, expiresAt }) => {
      const request = requestOf(
        checkToolApproval(
          makeApprovalInput(
            makeGatedTool(() => own),
            approval,
          ),
        ),
      );
      expect(request.requestedAt).toBe("2026-12-01T14:00:00.000Z");
      expect(request.expiresAt).toBe(expiresAt);
    });

    it("should read the injected clock when the request is made, floored to milliseconds", () => {
      let time = 0;
      const input = makeApprovalInput(makeGatedTool(true), { ttlMs: 10, now: () => time });
      time = Date.UTC(2026, 11, 1, 14, 0, 5) + 0.7;
      expect(requestOf(checkToolApproval(input))).toMatchObject({
        requestedAt: "2026-12-01T14:00:05.000Z",
        expiresAt: "2026-12-01T14:00:05.010Z",
      });
    });
  });

  describe("failing closed", () => {
    it.each([
      {
        what: "the tool's check throws",
        tool: makeGatedTool(() => {
          throw new Error("no policy");
        }),
        approval: {},
        text: "needsApproval of tool send_email failed: no policy",
      },
      {
        what: "the batch's check throws a string",
        tool: makeGatedTool(),
        approval: {
          needsApproval: () => {
            throw "down";
          },
        },
        text: "needsApproval of tool send_email failed: down",
      },
      {
        what: "the check returns a negative ttlMs",
        tool: makeGatedTool(() => ({ ttlMs: -5 })),
        approval: {},
        text: "needsApproval of tool send_email failed: ttlMs must be a number >= 0, got -5",
      },
      {
        what: "the check returns a numeric reason",
        tool: makeGatedTool(() => ({ reason: 5 }) as never),
        approval: {},
        text: "needsApproval of tool send_email failed: reason must be a string",
      },
      {
        what: "the check returns details that are not JSON",
        tool: makeGatedTool(() => ({ details: { at: new Date(0) } }) as never),
        approval: {},
        text: "needsApproval of tool send_email failed: details must be JSON: only plain objects are JSON values at /at",
      },
      {
        what: "the check returns an object whose getter throws",
        tool: makeGatedTool(
          () =>
            Object.defineProperty({}, "reason", {
              get() {
                throw new Error("trap");
              },
            }) as never,
        ),
        approval: {},
        text: "needsApproval of tool send_email failed: its result could not be read: trap",
      },
      {
        what: "the tool's needsApproval is a getter that throws",
        tool: Object.defineProperty({ ...makeGatedTool() }, "needsApproval", {
          get() {
            throw new Error("getter");
          },
        }),
        approval: {},
        text: "needsApproval of tool send_email failed: getter",
      },
      {
        what: "the clock fails",
        tool: makeGatedTool(true),
        approval: { now: () => Number.NaN },
        text: "Approval of tool send_email failed: approval.now() must return a finite time in milliseconds, got NaN",
      },
    ])("should end the call as an approval_error when $what", ({ tool, approval, text }) => {
      const check = checkToolApproval(makeApprovalInput(tool, approval as ToolApprovalOptions));
      expect(check).toEqual({ type: "failed", errorType: "approval_error", text });
    });

    it("should end the call when an async check rejects", async () => {
      const rejecting = checkToolApproval(
        makeApprovalInput(makeGatedTool(() => Promise.reject(new Error("late")))),
      );
      expect(await rejecting).toEqual({
        type: "failed",
        errorType: "approval_error",
        text: "needsApproval of tool send_email failed: late",
      });
    });
  });
});
