import { describe, expectTypeOf, it } from "vitest";
import { compile } from "./compile";
import type { CoercionMode, CompiledSchema, CompileOptions, ParseResult } from "./types";

describe("compile", () => {
  it("should infer the value type from a schema's static phantom (as TypeBox schemas carry)", () => {
    const schema = { type: "object", static: undefined as unknown as { n: number } } as const;
    const compiled = compile(schema);
    expectTypeOf(compiled).toEqualTypeOf<CompiledSchema<{ n: number }>>();
    expectTypeOf(compiled.parse).returns.toEqualTypeOf<ParseResult<{ n: number }>>();
    const value: unknown = { n: 1 };
    if (compiled.check(value)) expectTypeOf(value).toEqualTypeOf<{ n: number }>();
  });

  it("should give unknown for plain JSON Schema", () => {
    expectTypeOf(compile({ type: "string" })).toEqualTypeOf<CompiledSchema<unknown>>();
  });

  it("should take true, false, 'pi' or 'lossless' as coerce, and nothing else", () => {
    expectTypeOf<CompileOptions["coerce"]>().toEqualTypeOf<boolean | CoercionMode | undefined>();
    expectTypeOf<CoercionMode>().toEqualTypeOf<"pi" | "lossless">();
    // @ts-expect-error an unknown mode is a type error
    compile({ type: "string" }, { coerce: "loose" });
  });
});
