import type { ToolResultMessage } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import { executeToolBatch } from "../batch/execute-tool-batch";
import type { ToolExecutionEvent } from "../batch/tool-events";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { AfterToolCallHook, BeforeToolCallHook } from "./hooks";

describe("hook types", () => {
  it("should accept hooks that return nothing, sync or async", () => {
    expectTypeOf<() => void>().toExtend<BeforeToolCallHook>();
    expectTypeOf<() => Promise<void>>().toExtend<BeforeToolCallHook>();
    expectTypeOf<() => { block: true; reason: string }>().toExtend<BeforeToolCallHook>();
    expectTypeOf<() => Promise<{ details: string }>>().toExtend<AfterToolCallHook>();
  });

  it("should reject a before hook that returns a non-result", () => {
    expectTypeOf<() => string>().not.toExtend<BeforeToolCallHook>();
  });

  it("should give the hooks the application context type", () => {
    void executeToolBatch([], {
      tools: [],
      context: { user: "ada" },
      beforeToolCall: ({ context }) => {
        expectTypeOf(context).toEqualTypeOf<{ user: string } | undefined>();
      },
    });
  });
});

describe("executeToolBatch types", () => {
  it("should narrow events by type and return messages and outcomes", () => {
    const onEvent = (event: ToolExecutionEvent) => {
      if (event.type === "tool_result")
        expectTypeOf(event.message).toEqualTypeOf<ToolResultMessage>();
      if (event.type === "tool_execution_end")
        expectTypeOf(event.durationMs).toEqualTypeOf<number | undefined>();
    };
    const batch = executeToolBatch([], { tools: [], onEvent });
    expectTypeOf(batch).resolves.toEqualTypeOf<ToolBatchOutcome>();
    type Completed = Extract<ToolBatchOutcome, { status: "complete" }>;
    expectTypeOf<Completed>().toMatchTypeOf<{
      messages: ToolResultMessage[];
      outcomes: ToolCallOutcome[];
      terminate: boolean;
    }>();
  });
});
