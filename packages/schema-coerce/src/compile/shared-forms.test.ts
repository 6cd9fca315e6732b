import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { SchemaError } from "../schema-error";

// Nodes that are only a `type`, and `type` keywords in general, share one compiled form per type
// list across every compiled schema. These tests pin that sharing never lets one schema's shape
// leak into another's verdict.
describe("shared compiled forms", () => {
  it.each([[["string,null"]], ["[string"], [""], [[]], [["string", 5]], ["string,null"]])(
    "should still refuse the malformed type %j after valid type lists were compiled",
    (type) => {
      compile({ type: ["string", "null"] });
      compile({ type: "string" });
      compile({ properties: { a: { type: ["string", "null"] } } });
      expect(() => compile({ type })).toThrow(SchemaError);
      expect(() => compile({ properties: { a: { type } } })).toThrow(
        /"type" must be a JSON type name or an array of them \(at #\/properties\/a\/type\)/,
      );
    },
  );

  it("should not change a compiled schema when the caller later edits its type array", () => {
    const schema = { type: ["string", "null"] as string[] };
    const first = compile(schema);
    schema.type.push("integer");
    const second = compile({ type: ["string", "null"] });
    expect(first.check(1)).toBe(false);
    expect(second.check(1)).toBe(false);
    expect(second.errors(1)).toStrictEqual([
      { path: "", keyword: "type", message: "expected string or null, got integer" },
    ]);
  });

  it("should give a type-only node the same verdicts and messages as any typed node", () => {
    const compiled = compile({
      type: "object",
      properties: {
        plain: { type: "integer", description: "only a type" },
        bounded: { type: "integer", minimum: 0 },
        either: { type: ["string", "null"] },
        anything: { description: "no type at all" },
      },
    });
    expect(compiled.check({ plain: 1, bounded: 0, either: null, anything: [1] })).toBe(true);
    expect(compiled.errors({ plain: "1", bounded: "0", either: 2 })).toStrictEqual([
      { path: "/plain", keyword: "type", message: "expected integer, got string" },
      { path: "/bounded", keyword: "type", message: "expected integer, got string" },
      { path: "/either", keyword: "type", message: "expected string or null, got integer" },
    ]);
  });

  it("should not let a union branch whose type list rejects the value evaluate properties", () => {
    // The branch's `type` is a list, so no keyword group fuses it: the branch fails on an object
    // and must not mark `a` evaluated for `unevaluatedProperties`.
    const compiled = compile({
      anyOf: [{ type: ["string", "null"], properties: { a: true } }, { type: "object" }],
      unevaluatedProperties: false,
    });
    expect(compiled.check({ a: 1 })).toBe(false);
    expect(compiled.errors({ a: 1 })).toStrictEqual([
      { path: "/a", keyword: "unevaluatedProperties", message: "unknown field" },
    ]);
    expect(compiled.check({})).toBe(true);
    expect(compiled.check("x")).toBe(true);
  });
});
