import { Type } from "@sinclair/typebox";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool } from "./define-tool";
import { safeValidateToolArguments } from "./safe-validate-tool-arguments";
import type { ToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";

declare const toolCall: ToolCall;

describe("safeValidateToolArguments", () => {
  it("should return the plain result, typed params, for a TypeBox tool", () => {
    const tool = defineTool({
      name: "t",
      description: "x",
      parameters: Type.Object({ path: Type.String() }),
      execute: () => ({ content: [] }),
    });
    const result = safeValidateToolArguments(tool, toolCall);
    expectTypeOf(result).toEqualTypeOf<ToolArgumentsResult<{ path: string }>>();
    if (result.ok) expectTypeOf(result.params.path).toEqualTypeOf<string>();
  });

  it("should return the plain result for plain JSON Schema and for no parameters", () => {
    const plain = defineTool({
      name: "p",
      description: "x",
      parameters: { type: "object" },
      execute: () => ({ content: [] }),
    });
    expectTypeOf(safeValidateToolArguments(plain, toolCall)).toEqualTypeOf<
      ToolArgumentsResult<Readonly<Record<string, unknown>>>
    >();
    const none = defineTool({ name: "n", description: "x", execute: () => ({ content: [] }) });
    expectTypeOf(safeValidateToolArguments(none, toolCall)).toEqualTypeOf<
      ToolArgumentsResult<Readonly<Record<string, unknown>>>
    >();
  });

  it("should return result or Promise of it for a Standard Schema tool and for any Tool", () => {
    const tool = defineTool({
      name: "z",
      description: "x",
      parameters: z.object({ count: z.number() }),
      execute: () => ({ content: [] }),
    });
    expectTypeOf(safeValidateToolArguments(tool, toolCall)).toEqualTypeOf<
      ToolArgumentsResult<{ count: number }> | Promise<ToolArgumentsResult<{ count: number }>>
    >();
    const anyTool = tool as Tool;
    expectTypeOf(safeValidateToolArguments(anyTool, toolCall)).toExtend<
      ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>>
    >();
  });
});
