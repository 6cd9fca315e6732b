import type { JsonValue } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import type { ToolDispatcher, ToolDispatchLookup, ToolDispatchResult } from "./tool-dispatcher";

describe("ToolDispatcher", () => {
  it("should narrow a result by its status", () => {
    const narrow = (result: ToolDispatchResult) => {
      if (result.status === "returned") expectTypeOf(result.value).toEqualTypeOf<JsonValue>();
      if (result.status === "threw") expectTypeOf(result.errorType).toEqualTypeOf<string>();
      if (result.status === "interrupted") expectTypeOf(result.attempts).toEqualTypeOf<number>();
      if (result.status === "tool_not_found") expectTypeOf(result.worker).toEqualTypeOf<string>();
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it("should make handles and lookup optional, and lookup answer running or unknown too", () => {
    const minimal: ToolDispatcher = {
      execute: async () => ({ status: "returned", value: null }),
    };
    expectTypeOf(minimal.lookup).toEqualTypeOf<
      ((key: string) => Promise<ToolDispatchLookup>) | undefined
    >();
    expectTypeOf<{ status: "running" }>().toExtend<ToolDispatchLookup>();
    expectTypeOf<{ status: "unknown" }>().toExtend<ToolDispatchLookup>();
    // @ts-expect-error a result needs its fields
    const broken: ToolDispatchResult = { status: "threw", message: "x" };
    expectTypeOf(broken).not.toBeAny();
  });
});
