import { describe, expect, it } from "vitest";
import { TOOL_CALL_ERROR_TYPES } from "../model/tool-call-error-type";
import {
  approvalDeniedText,
  approvalExpiredText,
  approvalFailedText,
  needsApprovalFailedText,
  nestedApprovalText,
} from "./approval-texts";

describe("approval texts", () => {
  it.each([
    {
      when: "denied without a message",
      text: approvalDeniedText("send_email"),
      expected: "Tool send_email was not executed: the user denied the call.",
    },
    {
      when: "denied with an empty message",
      text: approvalDeniedText("send_email", ""),
      expected: "Tool send_email was not executed: the user denied the call.",
    },
    {
      when: "denied with a message",
      text: approvalDeniedText("send_email", "not to customers"),
      expected:
        "Tool send_email was not executed: the user denied the call. Reason: not to customers",
    },
    {
      when: "expired",
      text: approvalExpiredText("send_email", 60000),
      expected:
        "Tool send_email was not executed: the approval request expired after 60000 ms without a decision.",
    },
    {
      when: "needsApproval threw",
      text: needsApprovalFailedText("send_email", "boom"),
      expected: "needsApproval of tool send_email failed: boom",
    },
    {
      when: "decide threw",
      text: approvalFailedText("send_email", "boom"),
      expected: "Approval of tool send_email failed: boom",
    },
    {
      when: "a nested call needs approval",
      text: nestedApprovalText("send_email"),
      expected: "Tool send_email needs approval and cannot run as a nested call",
    },
  ])("should say exactly the SPEC's text when $when", ({ text, expected }) => {
    expect(text).toBe(expected);
  });

  it("should list the approval error types among the executor's", () => {
    const approvalTypes = TOOL_CALL_ERROR_TYPES.filter((type) => type.startsWith("approval_"));
    expect(approvalTypes).toEqual(["approval_denied", "approval_expired", "approval_error"]);
  });
});
