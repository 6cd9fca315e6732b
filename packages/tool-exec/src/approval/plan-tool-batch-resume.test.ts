import { describe, expect, it } from "vitest";
import { makeTestState, T0 } from "./make-test-state";
import { type PlanToolBatchResumeOptions, planToolBatchResume } from "./plan-tool-batch-resume";
import type { SuspendedBatch } from "./suspended-batch";
import { ToolBatchError, type ToolBatchErrorCode } from "./tool-batch-error";

// biome-ignore lint/suspicious/noExplicitAny: the tests edit a JSON state freely, field by field
type Editable = any;

const at = (offsetMs: number): PlanToolBatchResumeOptions => ({
  approval: { now: () => T0 + offsetMs },
});

async function codeOf(
  promise: Promise<unknown>,
): Promise<ToolBatchErrorCode | "resolved" | "not a ToolBatchError"> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return ToolBatchError.isInstance(error) ? error.code : "not a ToolBatchError";
  }
}

/** The state as plain JSON, for editing. */
async function editableState(): Promise<Editable> {
  return JSON.parse(JSON.stringify(await makeTestState()));
}

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
      { approvalId: "approval-c4", decision: "approve", by: "ana" },
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

  describe("signature and version", () => {
    it.each([
      { when: "the signature is absent", edit: (state: Editable) => delete state.signature },
      { when: "the revision changed", edit: (state: Editable) => (state.revision = 1) },
      {
        when: "a decision of a settled call changed",
        edit: (state: Editable) => (state.calls[4].outcome.approval.by = "eve"),
      },
      { when: "a call was removed", edit: (state: Editable) => state.calls.splice(2, 1) },
      { when: "the signature is garbage", edit: (state: Editable) => (state.signature = "AAAA") },
    ])("should reject with STATE_SIGNATURE_MISMATCH when $when", async ({ edit }) => {
      const state = JSON.parse(JSON.stringify(await makeTestState("s3cret")));
      edit(state);
      const options = { approval: { stateSecret: "s3cret" } };
      expect(await codeOf(planToolBatchResume(state, [], options))).toBe(
        "STATE_SIGNATURE_MISMATCH",
      );
    });

    it("should reject a state signed with another secret", async () => {
      const state = await makeTestState("other");
      const options = { approval: { stateSecret: "s3cret" } };
      expect(await codeOf(planToolBatchResume(state, [], options))).toBe(
        "STATE_SIGNATURE_MISMATCH",
      );
    });

    it.each([
      { version: 2, code: "UNSUPPORTED_STATE_VERSION" },
      { version: 99, code: "UNSUPPORTED_STATE_VERSION" },
      { version: 0, code: "INVALID_STATE" },
      { version: 1.5, code: "INVALID_STATE" },
      { version: "1", code: "INVALID_STATE" },
      { version: undefined, code: "INVALID_STATE" },
    ])("should answer version $version with $code", async ({ version, code }) => {
      const state = await editableState();
      state.version = version;
      expect(await codeOf(planToolBatchResume(state, [], at(0)))).toBe(code);
    });

    it("should report an unknown version before checking the signature", async () => {
      const state = { ...(await makeTestState("s3cret")), version: 2 };
      const options = { approval: { stateSecret: "s3cret" } };
      expect(await codeOf(planToolBatchResume(state, [], options))).toBe(
        "UNSUPPORTED_STATE_VERSION",
      );
    });
  });

  describe("INVALID_STATE", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    it.each([
      { what: "null", value: null },
      { what: "a string", value: "state" },
      { what: "an array", value: [] },
      { what: "a cyclic object", value: cyclic },
      {
        what: "an object whose getter throws",
        value: Object.defineProperty({}, "type", {
          enumerable: true,
          get() {
            throw new Error("boom");
          },
        }),
      },
    ])("should reject $what", async ({ value }) => {
      expect(await codeOf(planToolBatchResume(value, [], at(0)))).toBe("INVALID_STATE");
    });

    it.each([
      { what: "a wrong type", edit: (state: Editable) => (state.type = "toolwright.batch") },
      { what: "no batchId", edit: (state: Editable) => delete state.batchId },
      { what: "a batchId with a colon", edit: (state: Editable) => (state.batchId = "a:b") },
      { what: "a negative revision", edit: (state: Editable) => (state.revision = -1) },
      { what: "a fractional revision", edit: (state: Editable) => (state.revision = 0.5) },
      { what: "an unknown mode", edit: (state: Editable) => (state.mode = "batch") },
      {
        what: "a createdAt that is no time",
        edit: (state: Editable) => (state.createdAt = "yesterday"),
      },
      { what: "calls that are not an array", edit: (state: Editable) => (state.calls = {}) },
      { what: "a call that is not an object", edit: (state: Editable) => (state.calls[0] = "c1") },
      {
        what: "a call without toolCall",
        edit: (state: Editable) => delete state.calls[2].toolCall,
      },
      {
        what: "a toolCall of another type",
        edit: (state: Editable) => (state.calls[2].toolCall.type = "call"),
      },
      {
        what: "a toolCall id that is a number",
        edit: (state: Editable) => (state.calls[2].toolCall.id = 3),
      },
      {
        what: "toolCall arguments that are an array",
        edit: (state: Editable) => (state.calls[2].toolCall.arguments = []),
      },
      {
        what: "duplicate call ids",
        edit: (state: Editable) => (state.calls[3].toolCall.id = "c2"),
      },
      { what: "an unknown status", edit: (state: Editable) => (state.calls[2].status = "running") },
      {
        what: "an awaiting call without approval",
        edit: (state: Editable) => delete state.calls[1].approval,
      },
      {
        what: "an awaiting call without approvalId",
        edit: (state: Editable) => delete state.calls[1].approval.approvalId,
      },
      {
        what: "an empty approvalId",
        edit: (state: Editable) => (state.calls[1].approval.approvalId = ""),
      },
      {
        what: "a requestedAt that is no time",
        edit: (state: Editable) => (state.calls[1].approval.requestedAt = 5),
      },
      {
        what: "an expiresAt before requestedAt",
        edit: (state: Editable) => (state.calls[1].approval.expiresAt = "2026-12-01T13:00:00.000Z"),
      },
      {
        what: "lock keys that are not strings",
        edit: (state: Editable) => (state.calls[1].approval.lockKeys = [1]),
      },
      {
        what: "a settled call without outcome",
        edit: (state: Editable) => delete state.calls[0].outcome,
      },
      {
        what: "a result without content",
        edit: (state: Editable) => delete state.calls[0].outcome.result.content,
      },
      {
        what: "a content part of an unknown type",
        edit: (state: Editable) => (state.calls[0].outcome.result.content = [{ type: "video" }]),
      },
      {
        what: "an outcome without isError",
        edit: (state: Editable) => delete state.calls[0].outcome.isError,
      },
      {
        what: "a negative durationMs",
        edit: (state: Editable) => (state.calls[0].outcome.durationMs = -1),
      },
      {
        what: "an unknown dropped field",
        edit: (state: Editable) => (state.calls[0].outcome.dropped = ["content"]),
      },
      {
        what: "a settled approval with an unknown decision",
        edit: (state: Editable) => (state.calls[4].outcome.approval.decision = "maybe"),
      },
      {
        what: "an approvalId used by two calls",
        edit: (state: Editable) => (state.calls[4].outcome.approval.approvalId = "approval-c2"),
      },
    ])("should reject a state with $what", async ({ edit }) => {
      const state = await editableState();
      edit(state);
      expect(await codeOf(planToolBatchResume(state, [], at(0)))).toBe("INVALID_STATE");
    });

    it("should reject a sequential state with a settled call after an unsettled one, and accept the usual order", async () => {
      const state = await editableState();
      state.mode = "sequential";
      expect(await codeOf(planToolBatchResume(state, [], at(0)))).toBe("INVALID_STATE");
      state.calls = [
        state.calls[0],
        state.calls[4],
        state.calls[1],
        state.calls[2],
        state.calls[3],
      ];
      expect(await codeOf(planToolBatchResume(state, [], at(0)))).toBe("resolved");
    });

    it("should name the place in the message", async () => {
      const state = await editableState();
      state.calls[2].toolCall.id = 3;
      await expect(planToolBatchResume(state, [], at(0))).rejects.toThrow(
        "Not a suspended batch: /calls/2/toolCall/id must be a string",
      );
    });
  });

  describe("decisions", () => {
    it.each([
      { what: "not an array", decisions: { approvalId: "approval-c2", decision: "approve" } },
      { what: "an item that is null", decisions: [null] },
      { what: "an item that is an array", decisions: [["approval-c2", "approve"]] },
      {
        what: "an unknown decision",
        decisions: [{ approvalId: "approval-c2", decision: "maybe" }],
      },
      { what: "no decision", decisions: [{ approvalId: "approval-c2" }] },
      { what: "a numeric approvalId", decisions: [{ approvalId: 2, decision: "approve" }] },
      {
        what: "a numeric message",
        decisions: [{ approvalId: "approval-c2", decision: "deny", message: 5 }],
      },
      {
        what: "a numeric by",
        decisions: [{ approvalId: "approval-c2", decision: "approve", by: 5 }],
      },
      {
        what: "an item whose getter throws",
        decisions: [
          Object.defineProperty({}, "approvalId", {
            get() {
              throw new Error("boom");
            },
          }),
        ],
      },
    ])("should reject $what with INVALID_DECISION", async ({ decisions }) => {
      const state = await makeTestState();
      expect(await codeOf(planToolBatchResume(state, decisions, at(0)))).toBe("INVALID_DECISION");
    });

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
        { approvalId: "approval-c2", decision: "approve", by: "ana" },
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
      expect(plan.newDecisions).toEqual([{ approvalId: "approval-c4", decision: "approve" }]);
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
