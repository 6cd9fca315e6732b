import { Type } from "@sinclair/typebox";
import { describe, expectTypeOf, it } from "vitest";
import { defineTool, type Tool } from "./define-tool";
import type { ApprovalCheckContext, NeedsApproval } from "./needs-approval";
import type { ToolContext } from "./tool-context";

describe("needsApproval", () => {
  it("should type the check's params from the schema and keep the tool assignable to Tool", () => {
    const tool = defineTool({
      name: "send_email",
      description: "Send an email",
      parameters: Type.Object({ to: Type.String(), body: Type.String() }),
      needsApproval: (params, context) => {
        expectTypeOf(params).toEqualTypeOf<{ to: string; body: string }>();
        expectTypeOf(context).toEqualTypeOf<ApprovalCheckContext>();
        expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
        return params.to.endsWith("@example.com") ? false : { reason: "external", ttlMs: 60_000 };
      },
      execute: (params) => ({ content: [{ type: "text", text: params.to }] }),
    });
    expectTypeOf(tool).toExtend<Tool>();
    const tools: Tool[] = [tool];
    expectTypeOf(tools).toEqualTypeOf<Tool[]>();
  });

  it("should accept a boolean and an async check, and refuse other returns", () => {
    defineTool({
      name: "always",
      description: "x",
      needsApproval: true,
      execute: () => ({ content: [] }),
    });
    defineTool({
      name: "async",
      description: "x",
      needsApproval: async () => ({ details: { nested: [1, "two", null] } }),
      execute: () => ({ content: [] }),
    });
    defineTool({
      name: "bad_details",
      description: "x",
      // @ts-expect-error details must be JSON, not a function
      needsApproval: () => ({ details: () => 1 }),
      execute: () => ({ content: [] }),
    });
    expectTypeOf<NeedsApproval>().toExtend<
      boolean | undefined | { readonly reason?: string; readonly ttlMs?: number }
    >();
  });

  it("should give the tool context an idempotency key and an attempt number", () => {
    expectTypeOf<ToolContext["idempotencyKey"]>().toEqualTypeOf<string>();
    expectTypeOf<ToolContext["attempt"]>().toEqualTypeOf<number>();
  });
});
