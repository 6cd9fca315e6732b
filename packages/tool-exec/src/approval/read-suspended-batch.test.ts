import { describe, expect, it } from "vitest";
import { readSuspendedBatch } from "./read-suspended-batch";
import { codeOf, type Editable, editableState, makeTestState } from "./state-test-support";

describe("readSuspendedBatch", () => {
  it("should return a private copy equal to the state", async () => {
    const state = await makeTestState();
    const read = await readSuspendedBatch(state, undefined);
    expect(read).toStrictEqual(state);
    expect(read).not.toBe(state);
    expect(read.calls[0]).not.toBe(state.calls[0]);
  });

  it("should verify a signed state, also after a JSON round trip", async () => {
    const state = JSON.parse(JSON.stringify(await makeTestState("s3cret")));
    expect(await codeOf(readSuspendedBatch(state, "s3cret"))).toBe("resolved");
  });

  it("should ignore a signature when no secret is set", async () => {
    const state = { ...(await makeTestState()), signature: "not-checked" };
    expect(await codeOf(readSuspendedBatch(state, undefined))).toBe("resolved");
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
      expect(await codeOf(readSuspendedBatch(state, "s3cret"))).toBe("STATE_SIGNATURE_MISMATCH");
    });

    it("should reject a state signed with another secret", async () => {
      const state = await makeTestState("other");
      expect(await codeOf(readSuspendedBatch(state, "s3cret"))).toBe("STATE_SIGNATURE_MISMATCH");
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
      expect(await codeOf(readSuspendedBatch(state, undefined))).toBe(code);
    });

    it("should report an unknown version before checking the signature", async () => {
      const state = { ...(await makeTestState("s3cret")), version: 2 };
      expect(await codeOf(readSuspendedBatch(state, "s3cret"))).toBe("UNSUPPORTED_STATE_VERSION");
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
      expect(await codeOf(readSuspendedBatch(value, undefined))).toBe("INVALID_STATE");
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
      expect(await codeOf(readSuspendedBatch(state, undefined))).toBe("INVALID_STATE");
    });

    it("should reject a sequential state with a settled call after an unsettled one, and accept the usual order", async () => {
      const state = await editableState();
      state.mode = "sequential";
      expect(await codeOf(readSuspendedBatch(state, undefined))).toBe("INVALID_STATE");
      state.calls = [
        state.calls[0],
        state.calls[4],
        state.calls[1],
        state.calls[2],
        state.calls[3],
      ];
      expect(await codeOf(readSuspendedBatch(state, undefined))).toBe("resolved");
    });

    it("should name the place in the message", async () => {
      const state = await editableState();
      state.calls[2].toolCall.id = 3;
      await expect(readSuspendedBatch(state, undefined)).rejects.toThrow(
        "Not a suspended batch: /calls/2/toolCall/id must be a string",
      );
    });
  });

  it.each(
    [1_000, 5_000, 20_000, 200_000].flatMap((depth) => [
      { secret: undefined, depth },
      { secret: "s3cret", depth },
    ]),
  )(
    "should answer details nested $depth deep (secret $secret) without a stack overflow",
    async ({ secret, depth }) => {
      const state = await editableState();
      let nested: unknown = "bottom";
      for (let level = 0; level < depth; level++) nested = [nested];
      state.calls[0].outcome.result.details = nested;
      // A well-formed signature, so that a secret makes the reader canonicalise the whole state.
      state.signature = "A".repeat(43);
      const code = await codeOf(readSuspendedBatch(state, secret));
      if (secret === undefined && depth === 1_000) expect(code).toBe("resolved");
      else expect(["resolved", "INVALID_STATE", "STATE_SIGNATURE_MISMATCH"]).toContain(code);
      if (secret !== undefined) expect(code).not.toBe("resolved");
    },
  );
});
