import { describe, expect, it } from "vitest";
import { compile } from "./compile";
import { formats } from "./formats";

// SPEC §1.3's choice of the one branch whose issues are shown, and the per-item report of
// `additionalItems: false`.
describe("compile: which issues a failed union reports (SPEC §1.3)", () => {
  const union = {
    anyOf: [
      { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      {
        type: "object",
        properties: { b: { type: "number" }, c: { type: "number" } },
        required: ["b", "c"],
      },
    ],
  };

  it("should pick the branch whose properties declare the most of the object's keys", () => {
    expect(compile(union).errors({ b: "x", c: 1 })).toStrictEqual([
      { path: "/b", keyword: "type", message: "expected number, got string" },
    ]);
  });

  it("should break a tie by the fewest failing keywords, then by the first branch", () => {
    const tied = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a", "z"] },
        { type: "object", properties: { a: { type: "integer" } }, required: ["a", "y"] },
      ],
    };
    // Both declare `a`; each misses one name and fails `a`: equal, so the first.
    const paths = compile(tied)
      .errors({ a: 1.5 })
      .map((issue) => issue.path);
    expect(paths.sort()).toStrictEqual(["/a", "/z"]);
    const fewer = {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a", "z"] },
        { type: "object", properties: { a: { type: "integer" } } },
      ],
    };
    expect(compile(fewer).errors({ a: 1.5 })).toStrictEqual([
      { path: "/a", keyword: "type", message: "expected integer, got number" },
    ]);
    expect(compile(union).errors({})).toStrictEqual([
      { path: "/a", keyword: "required", message: "missing" },
    ]);
  });
});

describe("compile: additionalItems false (SPEC §1.3)", () => {
  it("should report each extra item at its own path", () => {
    const tuple = {
      type: "array",
      items: [{ type: "string" }, { type: "integer" }],
      additionalItems: false,
    };
    expect(compile(tuple).errors(["a", 1, true, null])).toStrictEqual([
      { path: "/2", keyword: "additionalItems", message: "no value is allowed here" },
      { path: "/3", keyword: "additionalItems", message: "no value is allowed here" },
    ]);
    expect(compile(tuple, { draft: "7" }).errors(["a", 1, 2])).toHaveLength(1);
  });

  it("should do the same for items: false after prefixItems", () => {
    const tuple = { prefixItems: [{ type: "string" }], items: false };
    expect(compile(tuple).errors(["a", 2])).toStrictEqual([
      { path: "/1", keyword: "items", message: "no value is allowed here" },
    ]);
  });
});

describe("formats: url and relative-json-pointer", () => {
  it.each([
    ["http://", false],
    ["https:///path", false],
    ["http://:80/", false],
    ["http://example.com", true],
    ["https://user@example.com:8080/a?b#c", true],
    ["http://[::1]/", true],
    ["ftp://example.com", false],
  ])("should judge the url %s: %s", (text, expected) => {
    expect(formats.url?.(text)).toBe(expected);
  });

  it("should read relative-json-pointer as each draft defines it", () => {
    const schema = { type: "string", format: "relative-json-pointer" };
    expect(compile(schema, { formats: true }).check("0+1")).toBe(true);
    expect(compile(schema, { formats: true, draft: "7" }).check("0+1")).toBe(false);
    expect(
      compile(
        { $schema: "http://json-schema.org/draft-07/schema#", ...schema },
        { formats: true },
      ).check("0+1"),
    ).toBe(false);
    expect(compile(schema, { formats: true, draft: "7" }).check("1/a~1b")).toBe(true);
    expect(compile(schema, { formats: true, draft: "7" }).check("2#")).toBe(true);
  });
});
