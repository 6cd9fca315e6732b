import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { CoercionRun } from "./coercion-run";
import { forbidsAdditionalAnywhere } from "./forbids-additional-anywhere";
import { createTestGraph } from "./test-graph";

function forbids(schema: JsonSchema): boolean {
  const run = new CoercionRun(createTestGraph(schema, { removeAdditional: true }));
  run.begin([]);
  return forbidsAdditionalAnywhere(run, run.graph.root);
}

const closed = {
  type: "object",
  properties: { a: { type: "string" } },
  additionalProperties: false,
};

describe("forbidsAdditionalAnywhere", () => {
  it.each([
    { name: "an open object", schema: { type: "object", properties: { a: {} } }, expected: false },
    { name: "a closed root", schema: closed, expected: true },
    { name: "a closed array item", schema: { type: "array", items: closed }, expected: true },
    {
      name: "a closed union branch",
      schema: { anyOf: [{ type: "string" }, closed] },
      expected: true,
    },
    {
      name: "a closed $ref target",
      schema: { $defs: { node: closed }, properties: { a: { $ref: "#/$defs/node" } } },
      expected: true,
    },
    {
      name: "a recursive open schema",
      schema: {
        $defs: { tree: { properties: { kids: { items: { $ref: "#/$defs/tree" } } } } },
        $ref: "#/$defs/tree",
      },
      expected: false,
    },
  ])("should answer $expected for $name", ({ schema, expected }) => {
    expect(forbids(schema as JsonSchema)).toBe(expected);
  });
});
