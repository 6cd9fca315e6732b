import type { ToolResultMessage } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import type { ToolApprovalDecision, ToolApprovalVerdict } from "../approval/tool-approval-decision";
import type { ToolApprovalOptions } from "../approval/tool-approval-options";
import type { ToolBatchOutcome } from "./tool-batch-outcome";

declare const outcome: ToolBatchOutcome;

describe("ToolBatchOutcome", () => {
  it("should have no messages until status says complete", () => {
    // @ts-expect-error a suspended batch has no messages
    const { messages } = outcome;
    expectTypeOf(messages).toBeAny();
    if (outcome.status === "complete") {
      expectTypeOf(outcome.messages).toEqualTypeOf<ToolResultMessage[]>();
      expectTypeOf(outcome.terminate).toEqualTypeOf<boolean>();
    } else {
      expectTypeOf(outcome.state.version).toEqualTypeOf<1>();
      expectTypeOf(outcome.pending[0]?.approvalId).toEqualTypeOf<string | undefined>();
    }
  });
});

describe("ToolApprovalOptions", () => {
  it("should type the batch check's context and the verdicts", () => {
    const options: ToolApprovalOptions<{ readonly trusted: boolean }> = {
      needsApproval: (ctx) => {
        expectTypeOf(ctx.context).toEqualTypeOf<{ readonly trusted: boolean } | undefined>();
        return ctx.context?.trusted !== true;
      },
      decide: (request) =>
        request.toolCall.name === "read_file"
          ? { decision: "approve", by: "allow-list" }
          : undefined,
      ttlMs: 60_000,
      stateSecret: new Uint8Array(32),
    };
    expectTypeOf(options.now).toEqualTypeOf<(() => number) | undefined>();
    // @ts-expect-error a verdict is approve or deny
    const maybe: ToolApprovalVerdict = { decision: "maybe" };
    const approveWithMessage: ToolApprovalDecision = {
      approvalId: "a",
      decision: "approve",
      // @ts-expect-error an approval carries no message
      message: "x",
    };
    expectTypeOf([maybe, approveWithMessage]).not.toBeAny();
  });
});
