import { Type } from "@sinclair/typebox";
import type { JSONSchema7 } from "json-schema";
import { describe, expectTypeOf, it } from "vitest";
import { defineTool, type Tool, type ToolParamsOf } from "./define-tool";
import { defineSeam } from "./seam";
import type { ToolContext } from "./tool-context";
import type { ToolResult } from "./tool-result";

describe("defineTool", () => {
  it("should type params as Static<typeof parameters> for a TypeBox schema", () => {
    const tool = defineTool({
      name: "read_file",
      description: "Read a file",
      parameters: Type.Object({ path: Type.String(), offset: Type.Optional(Type.Integer()) }),
      execute: async (params, context) => {
        expectTypeOf(params).toEqualTypeOf<{ path: string; offset?: number }>();
        expectTypeOf(context).toEqualTypeOf<ToolContext<unknown>>();
        expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
        return { content: [{ type: "text", text: params.path }] };
      },
      lockKeys: (params) => {
        expectTypeOf(params.path).toEqualTypeOf<string>();
        return [params.path];
      },
    });
    expectTypeOf<ToolParamsOf<typeof tool>>().toEqualTypeOf<{ path: string; offset?: number }>();
    expectTypeOf(tool).toExtend<Tool>();
  });

  it("should give unknown-valued params for plain JSON Schema and for no parameters", () => {
    defineTool({
      name: "plain",
      description: "Plain JSON Schema",
      parameters: { type: "object", properties: { n: { type: "number" } } },
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        expectTypeOf(params.n).toEqualTypeOf<unknown>();
        return { content: [] };
      },
    });
    const none = defineTool({
      name: "none",
      description: "No parameters",
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        return { content: [] };
      },
    });
    expectTypeOf<ToolParamsOf<typeof none>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
  });

  it("should accept a schema typed as an interface, with unknown-valued params", () => {
    const schema: JSONSchema7 = { type: "object", properties: { n: { type: "number" } } };
    const tool = defineTool({
      name: "interface",
      description: "A JSONSchema7-typed schema",
      parameters: schema,
      outputSchema: schema,
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        return { content: [] };
      },
    });
    expectTypeOf<ToolParamsOf<typeof tool>>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expectTypeOf(tool).toExtend<Tool>();
  });

  it("should type execute's return from output.schema and render's value", () => {
    const tool = defineTool({
      name: "weather",
      description: "Current weather",
      parameters: Type.Object({ city: Type.String() }),
      output: {
        schema: Type.Object(
          { celsius: Type.Number(), sky: Type.String() },
          { additionalProperties: false },
        ),
        render: (value) => {
          expectTypeOf(value).toEqualTypeOf<{ celsius: number; sky: string }>();
          return `${value.celsius} °C, ${value.sky}`;
        },
      },
      execute: async ({ city }) => ({ celsius: city.length, sky: "clear" }),
    });
    expectTypeOf(tool).toExtend<Tool>();
  });

  it("should type details through onUpdate and the result", () => {
    defineTool<undefined, { percent: number }>({
      name: "slow",
      description: "Slow work",
      execute: (_params, context) => {
        context.onUpdate({ details: { percent: 50 } });
        // @ts-expect-error details must match the tool's TDetails
        context.onUpdate({ details: { percent: "half" } });
        const result: ToolResult<{ percent: number }> = { content: [], details: { percent: 100 } };
        return result;
      },
    });
  });

  it("should type what a seam gives", () => {
    const ClockSeam = defineSeam<{ now(): number }>("clock");
    defineTool({
      name: "now",
      description: "The time",
      seams: [ClockSeam],
      execute: (_params, context) => {
        expectTypeOf(context.use(ClockSeam)).toEqualTypeOf<{ now(): number }>();
        return { content: [] };
      },
    });
  });

  it("should reject wrong shapes at compile time", () => {
    defineTool({
      name: "bad_param",
      description: "x",
      parameters: Type.Object({ path: Type.String() }),
      execute: (params) => {
        // @ts-expect-error `path` is a string, not a number
        const wrong: number = params.path;
        return { content: [{ type: "text", text: String(wrong) }] };
      },
    });
    defineTool({
      name: "bad_output",
      description: "x",
      output: {
        schema: Type.Object({ n: Type.Number() }, { additionalProperties: false }),
        render: String,
      },
      // @ts-expect-error the value must match output.schema
      execute: () => ({ n: "one" }),
    });
    // @ts-expect-error a result tool must return content parts (no overload matches)
    defineTool({
      name: "bad_result",
      description: "x",
      execute: () => ({ content: [{ type: "video", url: "x" }] }),
    });
    // @ts-expect-error a description is required
    defineTool({ name: "no_description", execute: () => ({ content: [] }) });
  });

  it("should take coercion 'pi' or 'lossless' on a tool, and nothing else", () => {
    const base = { name: "t", description: "d", execute: () => ({ content: [] }) };
    expectTypeOf(defineTool({ ...base, coercion: "pi" }).coercion).toEqualTypeOf<
      "pi" | "lossless" | undefined
    >();
    // @ts-expect-error an unknown mode is a type error
    defineTool({ ...base, coercion: "loose" });
  });
});
