import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { toJsonSchema, toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool, type ToolParamsOf } from "./define-tool";
import type { StandardSchema } from "./standard-schema";

describe("Standard Schema parameters", () => {
  it("should infer params from a Zod 4 schema, as the library's output", () => {
    const tool = defineTool({
      name: "transfer",
      description: "x",
      parameters: z.object({
        account: z.string().brand<"AccountId">(),
        amount: z.number(),
        memo: z.string().optional(),
        at: z.string().transform((text) => text.length),
      }),
      execute: (params) => {
        expectTypeOf(params.account).toEqualTypeOf<string & z.$brand<"AccountId">>();
        expectTypeOf(params.amount).toEqualTypeOf<number>();
        expectTypeOf(params.memo).toEqualTypeOf<string | undefined>();
        expectTypeOf(params.at).toEqualTypeOf<number>();
        return { content: [] };
      },
      lockKeys: (params) => {
        expectTypeOf(params.account).toEqualTypeOf<string & z.$brand<"AccountId">>();
        return [params.account];
      },
    });
    expectTypeOf<ToolParamsOf<typeof tool>["at"]>().toEqualTypeOf<number>();
    expectTypeOf(tool).toExtend<Tool>();
  });

  it("should infer params from Valibot, with Standard JSON Schema or a toJsonSchema option", () => {
    const schema = v.object({ city: v.string(), days: v.optional(v.number()) });
    defineTool({
      name: "standard_json",
      description: "x",
      parameters: toStandardJsonSchema(schema),
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<{ city: string; days?: number | undefined }>();
        return { content: [] };
      },
    });
    const converted = defineTool({
      name: "converted",
      description: "x",
      parameters: schema,
      toJsonSchema: (parameters) => {
        expectTypeOf(parameters).toEqualTypeOf<typeof schema>();
        return toJsonSchema(parameters);
      },
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<{ city: string; days?: number | undefined }>();
        return { content: [] };
      },
    });
    expectTypeOf(converted).toExtend<Tool>();
  });

  it("should infer params from ArkType, morphs included", () => {
    defineTool({
      name: "ark",
      description: "x",
      parameters: type({ count: "string.numeric.parse", "tag?": "string" }),
      execute: (params) => {
        expectTypeOf(params).toEqualTypeOf<{ count: number; tag?: string }>();
        return { content: [] };
      },
    });
  });

  it("should reject wrong uses of inferred params", () => {
    defineTool({
      name: "zod",
      description: "x",
      parameters: z.object({ n: z.number() }),
      execute: (params) => {
        // @ts-expect-error `n` is a number
        const wrong: string = params.n;
        return { content: [{ type: "text", text: wrong }] };
      },
    });
  });

  it("should match the official Standard Schema and Standard JSON Schema types", () => {
    expectTypeOf<StandardSchemaV1<{ a: 1 }, { b: 2 }>>().toExtend<
      StandardSchema<{ a: 1 }, { b: 2 }>
    >();
    expectTypeOf<
      StandardSchemaV1<unknown, { b: 2 }> & StandardJSONSchemaV1<unknown, { b: 2 }>
    >().toExtend<StandardSchema<unknown, { b: 2 }>>();
  });
});
