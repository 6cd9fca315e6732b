import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { sloppyValue } from "./__fixtures__/sloppy-value";
import { toolSchemas } from "./__fixtures__/tool-schemas";
import { CoercionRun } from "./coercion-run";
import { needsTypePass } from "./needs-type-pass";
import { createTestGraph, expectTypePassToChangeNothing, runPassesOneAndTwo } from "./test-graph";

function needs(schema: JsonSchema, draft: "7" | "2020-12" = "2020-12"): boolean {
  const run = new CoercionRun(createTestGraph(schema, { coerce: true, draft }));
  run.begin([]);
  return needsTypePass(run, run.graph.root);
}

const object = (properties: Record<string, JsonSchema>) => ({ type: "object", properties });

const rows: readonly { name: string; schema: JsonSchema; expected: boolean }[] = [
  {
    name: "flat single types",
    schema: object({ a: { type: "integer" }, b: { type: "string" } }),
    expected: false,
  },
  {
    name: "nested arrays of objects with single types",
    schema: object({ list: { type: "array", items: object({ n: { type: "number" } }) } }),
    expected: false,
  },
  { name: "a type array", schema: object({ a: { type: ["integer", "null"] } }), expected: true },
  {
    name: "an enum beside a type",
    schema: object({ a: { type: "integer", enum: [1, 2] } }),
    expected: true,
  },
  {
    name: "a union",
    schema: object({ a: { anyOf: [{ type: "integer" }, { type: "null" }] } }),
    expected: true,
  },
  { name: "allOf", schema: { allOf: [{ type: "object" }] }, expected: true },
  {
    name: "a type beside a $ref (2020-12)",
    schema: { $defs: { A: {} }, ...object({ a: { $ref: "#/$defs/A", type: "integer" } }) },
    expected: true,
  },
  {
    name: "a bare $ref",
    schema: {
      $defs: { A: { type: ["integer", "null"] } },
      ...object({ a: { $ref: "#/$defs/A" } }),
    },
    expected: false,
  },
  { name: "boolean schemas", schema: object({ a: true, b: false }), expected: false },
];

describe("needsTypePass", () => {
  it.each(rows)("should judge $name as $expected", ({ schema, expected }) => {
    expect(needs(schema)).toBe(expected);
  });

  it("should ignore keywords beside $ref in draft 7", () => {
    const schema = {
      definitions: { A: {} },
      ...object({ a: { $ref: "#/definitions/A", type: ["integer", "null"] } }),
    };
    expect(needs(schema, "7")).toBe(false);
  });

  // The claim behind skipping pass 3: where it is judged not needed, it changes nothing after
  // passes 1 and 2. 200 runs per corpus schema for which the judgement is "not needed".
  const skippable = Object.entries(toolSchemas).filter(([, schema]) => !needs(schema));
  it.each(skippable.map(([name, schema]) => ({ name, schema })))(
    "should find pass 3 a no-op after passes 1 and 2 for $name",
    ({ schema }) => {
      const graph = createTestGraph(schema, { coerce: true });
      fc.assert(
        fc.property(sloppyValue(schema, schema), (value) => {
          const { run, converted, changes } = runPassesOneAndTwo(graph, value);
          expectTypePassToChangeNothing(run, converted, changes);
        }),
        { numRuns: 200 },
      );
    },
  );

  it("should leave some corpus schemas skippable, or the property above tests nothing", () => {
    expect(skippable.length).toBeGreaterThan(3);
  });
});
