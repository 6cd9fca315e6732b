import { describe, expect, it } from "vitest";
import { resolveApprovalOptions } from "../approval/resolve-approval-options";
import { makeRequest } from "../approval/state-test-support";
import type { ToolApprovalDecider } from "../approval/tool-approval-options";
import { decideToolApproval } from "./approve-tool-call";

const request = makeRequest("c1");
const signal = new AbortController().signal;

function decideWith(decide?: ToolApprovalDecider) {
  return decideToolApproval(
    request,
    resolveApprovalOptions(decide === undefined ? {} : { decide }),
    signal,
  );
}

describe("decideToolApproval", () => {
  it("should leave the call awaiting without decide", () => {
    expect(decideWith()).toEqual({ type: "awaiting", request });
  });

  it("should approve in process, with who decided, and pass decide the request and the signal", () => {
    const seen: unknown[] = [];
    const step = decideWith((given, givenSignal) => {
      seen.push(given, givenSignal);
      return { decision: "approve", by: "allow-list" };
    });
    expect(step).toEqual({
      type: "approved",
      request,
      resolution: { approvalId: "approval-c1", decision: "approve", by: "allow-list" },
    });
    expect(seen).toEqual([request, signal]);
  });

  it("should deny in process with the exact text", async () => {
    const step = await decideWith(async () => ({
      decision: "deny",
      message: "weekend",
      by: "ana",
    }));
    expect(step).toEqual({
      type: "denied",
      request,
      errorType: "approval_denied",
      text: "Tool send_email was not executed: the user denied the call. Reason: weekend",
      resolution: { approvalId: "approval-c1", decision: "deny", message: "weekend", by: "ana" },
    });
  });

  it.each([undefined, null])("should leave the call awaiting when decide returns %j", (verdict) => {
    expect(decideWith(() => verdict as undefined)).toEqual({ type: "awaiting", request });
  });

  it.each([
    {
      what: "decide throws",
      decide: () => {
        throw new Error("prompt closed");
      },
      text: "Approval of tool send_email failed: prompt closed",
    },
    {
      what: "decide returns an unknown decision",
      decide: () => ({ decision: "yes" }),
      text: 'Approval of tool send_email failed: the verdict\'s decision must be "approve" or "deny"',
    },
    {
      what: "decide returns a string",
      decide: () => "approve",
      text: "Approval of tool send_email failed: decide returned an unreadable verdict: not an object",
    },
    {
      what: "a verdict's by is a number",
      decide: () => ({ decision: "approve", by: 7 }),
      text: "Approval of tool send_email failed: the verdict's by must be a string",
    },
    {
      what: "a denial's message is a number",
      decide: () => ({ decision: "deny", message: 7 }),
      text: "Approval of tool send_email failed: the verdict's message must be a string",
    },
  ])("should end the call as an approval_error when $what", ({ decide, text }) => {
    expect(decideWith(decide as ToolApprovalDecider)).toEqual({
      type: "failed",
      errorType: "approval_error",
      text,
      request,
    });
  });

  it("should end the call when decide rejects", async () => {
    expect(await decideWith(() => Promise.reject(new Error("gone")))).toMatchObject({
      type: "failed",
      text: "Approval of tool send_email failed: gone",
      request,
    });
  });
});
