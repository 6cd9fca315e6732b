import { defineTool, type NeedsApproval, type Tool } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { defaultNeedsApproval } from "./default-needs-approval";
import { evaluateToolApproval, type ToolApprovalInput } from "./evaluate-tool-approval";
import { makeToolCall, T0 } from "./make-test-state";
import { resolveApprovalOptions } from "./resolve-approval-options";
import type { ToolApprovalOptions } from "./tool-approval-options";
import type { ToolApprovalRequest } from "./tool-approval-request";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function makeTool(needsApproval?: Tool["needsApproval"]): Tool {
  return defineTool({
    name: "send_email",
    description: "Send an email",
    parameters: { type: "object", properties: { to: { type: "string" } } },
    ...(needsApproval === undefined ? {} : { needsApproval }),
    execute: () => ({ content: [] }),
  });
}

function inputFor(tool: Tool, approval: ToolApprovalOptions = {}): ToolApprovalInput {
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

describe("evaluateToolApproval", () => {
  it.each([
    { what: "no needsApproval", needsApproval: undefined },
    { what: "needsApproval false", needsApproval: false },
    { what: "a check returning undefined", needsApproval: () => undefined },
  ])("should not need approval with $what, synchronously", ({ needsApproval }) => {
    expect(evaluateToolApproval(inputFor(makeTool(needsApproval)))).toEqual({ type: "not_needed" });
  });

  it("should make a request when the tool says true, and await a human without decide", () => {
    const step = evaluateToolApproval(inputFor(makeTool(true)));
    expect(step).toEqual({
      type: "awaiting",
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
    const input = inputFor(makeTool(check));
    const step = evaluateToolApproval(input);
    expect(check).toHaveBeenCalledWith(input.args, {
      toolCall: input.toolCall,
      context: input.context,
      signal: input.signal,
    });
    expect(step).toMatchObject({
      type: "awaiting",
      request: { reason: "external", details: { recipients: 1 }, args: input.args },
    });
    if (step instanceof Promise || step.type !== "awaiting") throw new Error("expected awaiting");
    expect(step.request.args).not.toBe(input.args);
  });

  it("should let the batch's needsApproval replace the tool's, and defer to it through defaultNeedsApproval", async () => {
    const tool = makeTool(() => ({ reason: "tool says so" }));
    const replaced = evaluateToolApproval(inputFor(tool, { needsApproval: () => false }));
    expect(replaced).toEqual({ type: "not_needed" });
    const seen: unknown[] = [];
    const deferring = evaluateToolApproval(
      inputFor(tool, {
        needsApproval: async (ctx) => {
          seen.push(ctx.tool, ctx.args, ctx.context);
          return defaultNeedsApproval(ctx);
        },
      }),
    );
    expect(deferring).toBeInstanceOf(Promise);
    expect(await deferring).toMatchObject({
      type: "awaiting",
      request: { reason: "tool says so" },
    });
    expect(seen).toEqual([tool, { to: "c1@example.org" }, { user: "ana" }]);
    const gatedByBatch = evaluateToolApproval(inputFor(makeTool(), { needsApproval: () => true }));
    expect(gatedByBatch).toMatchObject({ type: "awaiting" });
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
      const step = evaluateToolApproval(
        inputFor(
          makeTool(() => own),
          approval,
        ),
      );
      if (step instanceof Promise || step.type !== "awaiting") throw new Error("expected awaiting");
      expect(step.request.requestedAt).toBe("2026-12-01T14:00:00.000Z");
      expect(step.request.expiresAt).toBe(expiresAt);
    });

    it("should read the injected clock at the time of the request", () => {
      let time = T0;
      const approval = { ttlMs: 10, now: () => time };
      time = T0 + 5_000;
      const step = evaluateToolApproval(inputFor(makeTool(true), approval));
      expect(step).toMatchObject({
        request: { requestedAt: "2026-12-01T14:00:05.000Z", expiresAt: "2026-12-01T14:00:05.010Z" },
      });
    });
  });

  describe("failing closed", () => {
    it.each([
      {
        what: "the tool's check throws",
        tool: makeTool(() => {
          throw new Error("no policy");
        }),
        approval: {},
        text: "needsApproval of tool send_email failed: no policy",
      },
      {
        what: "the batch's check throws a string",
        tool: makeTool(),
        approval: {
          needsApproval: () => {
            throw "down";
          },
        },
        text: "needsApproval of tool send_email failed: down",
      },
      {
        what: "the check returns a negative ttlMs",
        tool: makeTool(() => ({ ttlMs: -5 })),
        approval: {},
        text: "needsApproval of tool send_email failed: ttlMs must be a number >= 0, got -5",
      },
      {
        what: "the check returns a numeric reason",
        tool: makeTool(() => ({ reason: 5 }) as never),
        approval: {},
        text: "needsApproval of tool send_email failed: reason must be a string",
      },
      {
        what: "the check returns details that are not JSON",
        tool: makeTool(() => ({ details: { at: new Date(0) } }) as never),
        approval: {},
        text: "needsApproval of tool send_email failed: details must be JSON: only plain objects are JSON values at /at",
      },
      {
        what: "decide throws",
        tool: makeTool(true),
        approval: {
          decide: () => {
            throw new Error("prompt closed");
          },
        },
        text: "Approval of tool send_email failed: prompt closed",
      },
      {
        what: "decide returns something that is not a verdict",
        tool: makeTool(true),
        approval: { decide: () => ({ decision: "yes" }) as never },
        text: 'Approval of tool send_email failed: the verdict\'s decision must be "approve" or "deny"',
      },
      {
        what: "decide returns a string",
        tool: makeTool(true),
        approval: { decide: () => "approve" as never },
        text: "Approval of tool send_email failed: decide returned an unreadable verdict: not an object",
      },
      {
        what: "the clock fails",
        tool: makeTool(true),
        approval: { now: () => Number.NaN },
        text: "Approval of tool send_email failed: approval.now() must return a finite time in milliseconds, got NaN",
      },
    ])("should end the call as an approval_error when $what", ({ tool, approval, text }) => {
      const step = evaluateToolApproval(inputFor(tool, approval as ToolApprovalOptions));
      expect(step).toMatchObject({ type: "failed", errorType: "approval_error", text });
    });

    it("should end the call when an async check or decide rejects", async () => {
      const rejecting = evaluateToolApproval(
        inputFor(makeTool(() => Promise.reject(new Error("late")))),
      );
      expect(await rejecting).toEqual({
        type: "failed",
        errorType: "approval_error",
        text: "needsApproval of tool send_email failed: late",
      });
      const deciding = evaluateToolApproval(
        inputFor(makeTool(true), { decide: () => Promise.reject(new Error("gone")) }),
      );
      expect(await deciding).toMatchObject({
        type: "failed",
        text: "Approval of tool send_email failed: gone",
        request: { toolCall: { id: "c1" } },
      });
    });
  });

  describe("decide", () => {
    it("should approve in process, with who decided", () => {
      const step = evaluateToolApproval(
        inputFor(makeTool(true), { decide: () => ({ decision: "approve", by: "allow-list" }) }),
      );
      expect(step).toMatchObject({
        type: "approved",
        resolution: {
          approvalId: expect.stringMatching(UUID),
          decision: "approve",
          by: "allow-list",
        },
      });
    });

    it("should deny in process with the exact text", async () => {
      const step = await evaluateToolApproval(
        inputFor(makeTool(true), {
          decide: async () => ({ decision: "deny", message: "weekend", by: "ana" }),
        }),
      );
      expect(step).toMatchObject({
        type: "denied",
        errorType: "approval_denied",
        text: "Tool send_email was not executed: the user denied the call. Reason: weekend",
        resolution: { decision: "deny", message: "weekend", by: "ana" },
      });
    });

    it.each([undefined, null])(
      "should leave the call awaiting when decide returns %j",
      (verdict) => {
        const step = evaluateToolApproval(
          inputFor(makeTool(true), { decide: () => verdict as undefined }),
        );
        expect(step).toMatchObject({ type: "awaiting" });
      },
    );

    it("should announce the request before decide runs, and pass decide the request and the signal", async () => {
      const order: string[] = [];
      let announced: ToolApprovalRequest | undefined;
      const input = inputFor(makeTool(true), {
        decide: (request, signal) => {
          order.push("decide");
          expect(request).toBe(announced);
          expect(signal).toBe(input.signal);
          return { decision: "approve" };
        },
      });
      const step = await evaluateToolApproval(input, async (request) => {
        announced = request;
        order.push("announce");
      });
      expect(order).toEqual(["announce", "decide"]);
      expect(step).toMatchObject({ type: "approved", request: announced });
    });

    it("should end the call with the listener's message when announcing fails, without deciding", async () => {
      const decide = vi.fn(() => ({ decision: "approve" as const }));
      const step = await evaluateToolApproval(inputFor(makeTool(true), { decide }), () =>
        Promise.reject(new Error("listener down")),
      );
      expect(step).toMatchObject({
        type: "failed",
        errorType: "approval_error",
        text: "listener down",
      });
      expect(decide).not.toHaveBeenCalled();
    });
  });

  it("should give every request its own approvalId", () => {
    const ids = new Set<string>();
    for (let index = 0; index < 50; index++) {
      const step = evaluateToolApproval(inputFor(makeTool(true)));
      if (step instanceof Promise || step.type !== "awaiting") throw new Error("expected awaiting");
      ids.add(step.request.approvalId);
    }
    expect(ids.size).toBe(50);
  });
});
