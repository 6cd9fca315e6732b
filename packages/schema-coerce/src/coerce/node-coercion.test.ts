import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import type { CoercionChange } from "../types";
import { createCoercer } from "./create-coercer";
import { createTestGraph } from "./test-graph";

// The passes read the nodes the validator compiled (their shapes), not the schema object again:
// what they repair is always judged against the same reading of the keywords.
describe("the coercion passes' reading of a schema", () => {
  it("should keep the facts it derives on the compiled node, built on the first visit", () => {
    const graph = createTestGraph(
      { type: "object", properties: { n: { type: "integer" } } },
      { coerce: true },
    );
    expect(graph.root.coercion).toBeUndefined();
    expect(createCoercer(graph)({ n: "4" }, [])).toStrictEqual({ n: 4 });
    expect(graph.root.coercion?.convertRule).toBe("type");
    expect(graph.root.coercion?.object).toBe(graph.root.objectShape);
  });

  it("should coerce by the schema as compiled, even if the caller edits it afterwards", () => {
    const schema: { type: "object"; properties: Record<string, { type: string }> } = {
      type: "object",
      properties: { n: { type: "integer" } },
    };
    const validator = compile(schema, { coerce: true });
    schema.properties.m = { type: "integer" };
    const result = validator.parse({ n: "1", m: "2" });
    expect(result).toStrictEqual({
      ok: true,
      value: { n: 1, m: "2" },
      changes: [{ path: "/n", rule: "convert", from: "1", to: 1 }],
    });
  });

  it("should treat a one-name type array as pass 3's, not pass 2's", () => {
    const graph = createTestGraph({ type: ["integer"] }, { coerce: true });
    const changes: CoercionChange[] = [];
    expect(createCoercer(graph)(null, changes)).toBe(0);
    expect(changes.map((change) => change.rule)).toStrictEqual(["coerce-type"]);
  });
});
