import { describe, expect, it } from "vitest";
import { compile } from "../../compile";

// Items of a short array are reported without a check first, those of a longer one after a
// failed check: the issues must be the same either way.
const item = {
  anyOf: [
    {
      type: "object",
      properties: { kind: { const: "a" }, n: { type: "integer" } },
      required: ["kind", "n"],
    },
    { type: "object", properties: { kind: { const: "a" }, n: { type: "string" } } },
  ],
};
const schema = { type: "array", items: item };
const passing = { kind: "a", n: "text" };
const failing = { kind: "a", n: true };

describe("reportArray: the items after the tuple", () => {
  it("should report nothing for a short array's items that pass, even after a failed first try", () => {
    // The tagged branch fails `passing`, the second branch accepts it: its issues are taken back.
    const result = compile(schema).validate([passing, failing]);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      { path: "/1/n", keyword: "type", message: "expected integer, got boolean" },
    ]);
  });

  it("should report the same issues for an item whether the array is short or long", () => {
    const short = compile(schema).errors([failing]);
    const long = compile(schema).errors([passing, passing, failing]);
    expect(short).toEqual([
      { path: "/0/n", keyword: "type", message: "expected integer, got boolean" },
    ]);
    expect(long).toEqual([
      { path: "/2/n", keyword: "type", message: "expected integer, got boolean" },
    ]);
  });

  it("should accept a short array whose items all pass", () => {
    expect(compile(schema).errors([passing])).toEqual([]);
    expect(compile(schema).validate([passing, passing]).ok).toBe(true);
  });
});
