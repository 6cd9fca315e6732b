import { describe, expect, it } from "vitest";
import type { SuspendedBatch } from "../model/suspended-batch";
import { type PlanToolBatchResumeOptions, planToolBatchResume } from "./plan-tool-batch-resume";
import { codeOf, type Editable, editableState, makeTestState, T0 } from "./state-test-support";

const at = (offsetMs: number): PlanToolBatchResumeOptions => ({
  approval: { now: () => T0 + offsetMs },
});

describe("planToolBatchResume", () => {
  it("should carry settled calls over, apply decisions, and keep the rest waiting or deferred", async () => {
    const state = await makeTestState();
    const plan = await planToolBatchResume(
      state,
      [{ approvalId: "approval-c4", decision: "approve", by: "ana" }],
      at(1_000),
    );
    expect(plan).toMatchObject({
      batchId: "batch-1",
      revision: 0,
      mode: "parallel",
      now: T0 + 1_000,
    });
    expect(plan.calls.map((call) => [call.toolCall.id, call.type])).toEqual([
      ["c1", "settled"],
      ["c2", "awaiting"],
      ["c3", "deferred"],
      ["c4", "approved"],
      ["c5", "settled"],
    ]);
    const [c1, c2, , c4, c5] = plan.calls;
    expect(c1).toMatchObject({
      outcome: {
        result: { content: [{ type: "text", text: "contents" }] },
        isError: false,
        durationMs: 12,
      },
    });
    expect(c2).toMatchObject({
      lockKeys: ["a"],
      request: {
        approvalId: "approval-c2",
        batchId: "batch-1",
        args: { to: "c2@example.org" },
        reason: "external email",
        expiresAt: "2026-12-01T14:01:00.000Z",
      },
    });
    expect(c4).toMatchObject({
      resolution: { approvalId: "approval-c4", decision: "approve", by: "ana" },
    });
    expect(c5).toMatchObject({
      outcome: { approval: { approvalId: "approval-c5", decision: "approve" } },
    });
    expect(plan.newDecisions).toEqual([
      { callId: "c4", decision: { approvalId: "approval-c4", decision: "approve", by: "ana" } },
    ]);
  });

  it("should deny with the exact texts, with and without a message", async () => {
    const state = await makeTestState();
    const plan = await planToolBatchResume(
      state,
      [
        { approvalId: "approval-c2", decision: "deny", message: "not to customers", by: "bo" },
        { approvalId: "approval-c4", decision: "deny" },
      ],
      at(0),
    );
    expect(plan.calls[1]).toMatchObject({
      type: "denied",
      errorType: "approval_denied",
      text: "Tool send_email was not executed: the user denied the call. Reason: not to customers",
      resolution: {
        approvalId: "approval-c2",
        decision: "deny",
        by: "bo",
        message: "not to customers",
      },
    });
    expect(plan.calls[3]).toMatchObject({
      type: "denied",
      text: "Tool send_email was not executed: the user denied the call.",
      resolution: { approvalId: "approval-c4", decision: "deny" },
    });
  });

  it("should expire a request at exactly expiresAt, even one approved in the same resume", async () => {
    const state = await makeTestState();
    const approve = [{ approvalId: "approval-c2", decision: "approve" as const }];
    const before = await planToolBatchResume(state, approve, at(59_999));
    expect(before.calls[1]?.type).toBe("approved");
    const onTime = await planToolBatchResume(state, approve, at(60_000));
    expect(onTime.calls[1]).toMatchObject({
      type: "expired",
      errorType: "approval_expired",
      text: "Tool send_email was not executed: the approval request expired after 60000 ms without a decision.",
      resolution: { approvalId: "approval-c2", decision: "expire" },
    });
    expect(onTime.newDecisions).toEqual([]);
    const muchLater = await planToolBatchResume(state, [], at(86_400_000));
    expect(muchLater.calls[1]?.type).toBe("expired");
    expect(muchLater.calls[3]?.type).toBe("awaiting");
  });

  it("should read the state once: later changes to the caller's object are not seen", async () => {
    const state = (await editableState()) as SuspendedBatch;
    const planning = planToolBatchResume(state, [], at(0));
    (state as Editable).calls[1].approval.approvalId = "changed";
    const plan = await planning;
    expect(plan.calls[1]).toMatchObject({ request: { approvalId: "approval-c2" } });
  });

  it("should show the raw arguments for a request stored without args", async () => {
    const state = await editableState();
    delete state.calls[1].approval.args;
    state.calls[1].toolCall.arguments = { to: "raw" };
    const plan = await planToolBatchResume(state, [], at(0));
    expect(plan.calls[1]).toMatchObject({ request: { args: { to: "raw" } } });
  });

  it("should verify a signed state, also after a JSON round trip", async () => {
    const state = JSON.parse(JSON.stringify(await makeTestState("s3cret")));
    const plan = await planToolBatchResume(state, [], { approval: { stateSecret: "s3cret" } });
    expect(plan.calls).toHaveLength(5);
  });

  it("should ignore a signature when no secret is set", async () => {
    const state = { ...(await makeTestState()), signature: "not-checked" };
    expect(await codeOf(planToolBatchResume(state, [], at(0)))).toBe("resolved");
  });

  describe("decisions", () => {
    it.each([
      {
        code: "UNKNOWN_APPROVAL",
        decisions: [{ approvalId: "approval-nope", decision: "approve" }],
      },
      {
        code: "DUPLICATE_DECISION",
        decisions: [
          { approvalId: "approval-c2", decision: "approve" },
          { approvalId: "approval-c2", decision: "approve" },
        ],
      },
      {
        code: "ALREADY_DECIDED",
        decisions: [{ approvalId: "approval-c5", decision: "approve", by: "ana" }],
      },
      {
        code: "UNKNOWN_APPROVAL",
        decisions: [
          { approvalId: "approval-c2", decision: "approve" },
          { approvalId: "", decision: "deny" },
        ],
      },
    ])("should reject with $code", async ({ code, decisions }) => {
      const state = await makeTestState();
      expect(await codeOf(planToolBatchResume(state, decisions, at(0)))).toBe(code);
    });

    it("should keep only an approval's by, and a denial's message and by", async () => {
      const state = await makeTestState();
      const plan = await planToolBatchResume(
        state,
        [{ approvalId: "approval-c2", decision: "approve", message: "fine", by: "ana" }],
        at(0),
      );
      expect(plan.newDecisions).toStrictEqual([
        { callId: "c2", decision: { approvalId: "approval-c2", decision: "approve", by: "ana" } },
      ]);
    });
  });

  describe("with a journal's view", () => {
    it("should reject a state older than the journal with STALE_STATE", async () => {
      const state = await makeTestState();
      const options = { ...at(0), journaled: { revision: 1, decisions: [] } };
      expect(await codeOf(planToolBatchResume(state, [], options))).toBe("STALE_STATE");
    });

    it("should apply journaled decisions (the first per approvalId wins) and record only new ones", async () => {
      const state = await makeTestState();
      const journaled = {
        revision: 0,
        decisions: [
          { approvalId: "approval-c2", decision: "deny" as const, message: "no" },
          { approvalId: "approval-c2", decision: "approve" as const },
        ],
      };
      const plan = await planToolBatchResume(
        state,
        [
          { approvalId: "approval-c2", decision: "deny", message: "no" },
          { approvalId: "approval-c4", decision: "approve" },
        ],
        { ...at(0), journaled },
      );
      expect(plan.calls[1]?.type).toBe("denied");
      expect(plan.calls[3]?.type).toBe("approved");
      expect(plan.newDecisions).toEqual([
        { callId: "c4", decision: { approvalId: "approval-c4", decision: "approve" } },
      ]);
      const fromJournalOnly = await planToolBatchResume(state, [], { ...at(0), journaled });
      expect(fromJournalOnly.calls[1]?.type).toBe("denied");
    });

    it("should reject a decision that differs from the journaled one with ALREADY_DECIDED", async () => {
      const state = await makeTestState();
      const journaled = {
        revision: 0,
        decisions: [{ approvalId: "approval-c2", decision: "deny" as const }],
      };
      const decisions = [{ approvalId: "approval-c2", decision: "approve" }];
      expect(await codeOf(planToolBatchResume(state, decisions, { ...at(0), journaled }))).toBe(
        "ALREADY_DECIDED",
      );
    });
  });

  it.each([
    { what: "an empty stateSecret", options: { approval: { stateSecret: "" } } },
    { what: "a clock that returns NaN", options: { approval: { now: () => Number.NaN } } },
    {
      what: "a clock that throws",
      options: {
        approval: {
          now: () => {
            throw new Error("no clock");
          },
        },
      },
    },
  ])("should reject $what with INVALID_ARGUMENT", async ({ options }) => {
    const state = await makeTestState();
    expect(await codeOf(planToolBatchResume(state, [], options))).toBe("INVALID_ARGUMENT");
  });
});
