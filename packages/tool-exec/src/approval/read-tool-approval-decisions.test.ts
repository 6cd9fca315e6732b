import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { readToolApprovalDecisions } from "./read-tool-approval-decisions";

describe("readToolApprovalDecisions", () => {
  it("should copy valid decisions with only their known fields", () => {
    const given = [
      { approvalId: "a", decision: "approve", by: "ana", message: "fine", extra: 1 },
      { approvalId: "b", decision: "deny", message: "no" },
    ];
    const read = readToolApprovalDecisions(given);
    expect(read).toStrictEqual([
      { approvalId: "a", decision: "approve", by: "ana" },
      { approvalId: "b", decision: "deny", message: "no" },
    ]);
    expect(read[1]).not.toBe(given[1]);
    expect(readToolApprovalDecisions([])).toEqual([]);
  });

  describe("INVALID_DECISION", () => {
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
    ])("should reject $what with INVALID_DECISION", ({ decisions }) => {
      let thrown: unknown;
      try {
        readToolApprovalDecisions(decisions);
      } catch (error) {
        thrown = error;
      }
      expect(ToolBatchError.isInstance(thrown) && thrown.code).toBe("INVALID_DECISION");
    });
  });
});
