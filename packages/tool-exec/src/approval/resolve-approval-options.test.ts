import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { readApprovalClock, resolveApprovalOptions, resolveTtl } from "./resolve-approval-options";

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return ToolBatchError.isInstance(error) ? error.code : "not a ToolBatchError";
  }
  return undefined;
}

describe("resolveApprovalOptions", () => {
  it("should give the defaults without options, so tools' own needsApproval still applies", () => {
    expect(resolveApprovalOptions(undefined)).toEqual({
      needsApproval: undefined,
      decide: undefined,
      ttlMs: undefined,
      stateSecret: undefined,
      now: Date.now,
    });
  });

  it("should keep valid options and round ttlMs up to whole milliseconds", () => {
    const needsApproval = () => true;
    const decide = () => undefined;
    const now = () => 5;
    const secret = new Uint8Array([1, 2]);
    expect(
      resolveApprovalOptions({ needsApproval, decide, now, ttlMs: 1.2, stateSecret: secret }),
    ).toEqual({ needsApproval, decide, now, ttlMs: 2, stateSecret: secret });
  });

  it.each([
    { what: "null", approval: null },
    { what: "a non-function needsApproval", approval: { needsApproval: true } },
    { what: "a non-function decide", approval: { decide: "yes" } },
    { what: "a non-function now", approval: { now: 5 } },
    { what: "a negative ttlMs", approval: { ttlMs: -1 } },
    { what: "a NaN ttlMs", approval: { ttlMs: Number.NaN } },
    { what: "a string ttlMs", approval: { ttlMs: "60s" } },
    { what: "an empty string secret", approval: { stateSecret: "" } },
    { what: "an empty byte secret", approval: { stateSecret: new Uint8Array() } },
    { what: "a numeric secret", approval: { stateSecret: 42 } },
    {
      what: "a getter that throws",
      approval: Object.defineProperty({}, "ttlMs", {
        get() {
          throw new Error("boom");
        },
      }),
    },
  ])("should reject $what with INVALID_ARGUMENT", ({ approval }) => {
    expect(codeOf(() => resolveApprovalOptions(approval))).toBe("INVALID_ARGUMENT");
  });
});

describe("resolveTtl", () => {
  it.each([
    { ttlMs: undefined, expected: undefined },
    { ttlMs: Number.POSITIVE_INFINITY, expected: undefined },
    { ttlMs: 0, expected: 0 },
    { ttlMs: 0.1, expected: 1 },
    { ttlMs: 60_000, expected: 60_000 },
  ])("should turn $ttlMs into $expected", ({ ttlMs, expected }) => {
    expect(resolveTtl(ttlMs, "ttlMs")).toBe(expected);
  });
});

describe("readApprovalClock", () => {
  it("should floor the time to whole milliseconds", () => {
    expect(readApprovalClock(() => 1_000.9)).toBe(1_000);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 9e15, "1"])(
    "should reject a clock returning %j",
    (time) => {
      expect(codeOf(() => readApprovalClock(() => time as number))).toBe("INVALID_ARGUMENT");
    },
  );
});
