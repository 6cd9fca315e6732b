import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompileOptions, JsonSchema } from "../types";
import { sloppyValue } from "./__fixtures__/sloppy-value";
import { toolSchemas } from "./__fixtures__/tool-schemas";
import { coerceTypes } from "./coerce-types";
import { CoercionRun } from "./coercion-run";
import {
  createTestGraph,
  expectTypePassToChangeNothing,
  runPass,
  runPassesOneAndTwo,
} from "./test-graph";
import { isTypePassIdle } from "./type-pass-idle";

function idle(schema: JsonSchema, value: unknown, options: CompileOptions = {}): boolean {
  const run = new CoercionRun(createTestGraph(schema, { coerce: "lossless", ...options }));
  run.begin([]);
  return isTypePassIdle(run, run.graph.root, value);
}

const object = (properties: Record<string, JsonSchema>) => ({ type: "object", properties });
const mode = { type: "string", enum: ["fast", "slow"] };

describe("isTypePassIdle", () => {
  it("should find pass 3 idle when an enum beside a type holds a value of that type", () => {
    expect(idle(object({ mode, n: { type: "integer" } }), { mode: "other", n: "x" })).toBe(true);
    expect(idle(object({ inner: object({ mode }) }), { inner: { mode: "fast" } })).toBe(true);
  });

  it("should let pass 3 run where a property's value has none of its types", () => {
    expect(idle(object({ mode }), { mode: 5 })).toBe(false);
    expect(idle(object({ inner: object({ mode }) }), { inner: { mode: true } })).toBe(false);
    expect(idle(object({ inner: object({ mode }) }), { inner: '{"mode":"fast"}' })).toBe(false);
    expect(idle(object({ mode }), "not an object")).toBe(false);
  });

  it("should let pass 3 run on schemas it cannot plan for", () => {
    const union = { anyOf: [{ type: "integer" }, { type: "string" }] };
    expect(idle(object({ a: union }), { a: "x" })).toBe(false);
    expect(idle({ allOf: [object({ mode })] }, { mode: "fast" })).toBe(false);
    expect(idle(object({ list: { type: "array", items: mode } }), { list: [] })).toBe(false);
    const patterned = { type: "object", patternProperties: { "^m": mode } };
    expect(idle(patterned, { m: "fast" })).toBe(false);
    const referenced = {
      $defs: { mode },
      ...object({ mode: { $ref: "#/$defs/mode", type: "string" } }),
    };
    expect(idle(referenced, { mode: "fast" })).toBe(false);
  });

  it("should leave the value to pass 3, which still coerces it, when it is not idle", () => {
    const lossless = { coerce: "lossless" } as const;
    const { value, changes } = runPass(coerceTypes, object({ mode }), { mode: 5 }, lossless);
    expect(value).toEqual({ mode: "5" });
    expect(changes).toEqual([{ path: "/mode", rule: "coerce-type", from: 5, to: "5" }]);
  });

  // The claim behind leaving pass 3 out: where it is judged idle, it changes nothing after passes
  // 1 and 2. 200 runs per corpus schema and rule set.
  const cases = Object.entries(toolSchemas).flatMap(([name, schema]) =>
    (["lossless", true] as const).map((coerce) => ({
      name: `${name} (coerce: ${coerce})`,
      schema,
      coerce,
    })),
  );
  let idleSeen = 0;
  it.each(cases)(
    "should find pass 3 a no-op where it is judged idle for $name",
    ({ schema, coerce }) => {
      const graph = createTestGraph(schema, { coerce, parseJsonStrings: true });
      fc.assert(
        fc.property(sloppyValue(schema, schema), (value) => {
          const { run, converted, changes } = runPassesOneAndTwo(graph, value);
          if (!isTypePassIdle(run, graph.root, converted)) return;
          idleSeen++;
          expectTypePassToChangeNothing(run, converted, changes);
        }),
        { numRuns: 200 },
      );
    },
  );

  it("should have judged some corpus values idle, or the property above tests nothing", () => {
    expect(idleSeen).toBeGreaterThan(100);
  });
});
