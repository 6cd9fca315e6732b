import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { loadSuiteCases, type SuiteCase } from "../conformance/load-suite";
import { formats } from "../formats";
import { SchemaError } from "../schema-error";
import type { CompileOptions, JsonSchema, SchemaIssue } from "../types";
import { compileRoot } from "./compile-root";
import { SchemaCompiler } from "./schema-compiler";
import type { SchemaNode } from "./schema-node";

interface Verdict {
  readonly valid?: boolean;
  readonly issues?: readonly SchemaIssue[];
  readonly error?: string;
}

function verdictOf(build: () => SchemaNode, data: unknown): Verdict {
  let root: SchemaNode;
  try {
    root = build();
  } catch (error) {
    if (!SchemaError.isInstance(error)) throw error;
    return { error: `${error.code}: ${error.message}` };
  }
  const issues: SchemaIssue[] = [];
  root.report(data, "", issues, undefined);
  return { valid: root.check(data, undefined), issues };
}

const indexed = (schema: JsonSchema, options: CompileOptions) => () =>
  new SchemaCompiler(schema, options, formats, true).rootNode;

describe("compileRoot", () => {
  // The first attempt skips indexing the document; wherever it finishes, it must compile what
  // the indexed compiler compiles. The suite has every kind of `$id`, anchor and `$ref`.
  for (const [draft, options] of [
    ["draft2020-12", { formats: true }],
    ["draft7", { draft: "7", formats: true }],
  ] as const) {
    it(`should judge every ${draft} suite case as the indexed compiler does`, () => {
      const cases: SuiteCase[] = loadSuiteCases(draft);
      let unindexed = 0;
      for (const testCase of cases) {
        const expected = verdictOf(indexed(testCase.schema, options), testCase.data);
        const viaRoot = verdictOf(
          () => compileRoot(testCase.schema, options, formats),
          testCase.data,
        );
        expect(viaRoot, testCase.id).toStrictEqual(expected);
        let direct: Verdict | undefined;
        try {
          direct = verdictOf(
            () => new SchemaCompiler(testCase.schema, options, formats, false).rootNode,
            testCase.data,
          );
        } catch {
          // Gave up to start over indexed.
          continue;
        }
        unindexed++;
        expect(direct, testCase.id).toStrictEqual(expected);
      }
      // Most cases (no identifiers, local references) finish without the index.
      expect(unindexed).toBeGreaterThan(cases.length / 2);
    });
  }

  // Identifiers below properties (not at the root or in `$defs`) are met only while compiling.
  it.each([
    [
      "the $id of a subschema not compiled yet",
      {
        properties: {
          a: { $ref: "https://example.com/item" },
          b: { $id: "https://example.com/item", type: "integer" },
        },
      },
    ],
    [
      "an anchor not compiled yet",
      { properties: { a: { $ref: "#item" }, b: { $anchor: "item", type: "integer" } } },
    ],
    [
      "an anchor compiled before the reference",
      { properties: { b: { $anchor: "item", type: "integer" }, a: { $ref: "#item" } } },
    ],
  ])("should resolve a reference to %s", (_name, schema) => {
    const compiled = compile(schema as JsonSchema);
    expect(compiled.check({ a: 1 })).toBe(true);
    expect(compiled.check({ a: "1" })).toBe(false);
  });

  it("should resolve a reference inside a resource a pointer passes through against that resource", () => {
    // `#/$defs/kind` inside `outer` names outer's own `$defs/kind` (an integer), not the root's;
    // `outer` itself is never compiled (it sits in the `$defs` of a property).
    const compiled = compile({
      properties: {
        a: { $ref: "#/properties/holder/$defs/outer/properties/inner" },
        holder: {
          $defs: {
            outer: {
              $id: "https://example.com/outer",
              properties: { inner: { $ref: "#/$defs/kind" } },
              $defs: { kind: { type: "integer" } },
            },
          },
        },
      },
      $defs: { kind: { type: "string" } },
    });
    expect(compiled.check({ a: 1 })).toBe(true);
    expect(compiled.check({ a: "1" })).toBe(false);
  });

  it("should call regExp once per pattern when compiling starts over indexed", () => {
    const sources: string[] = [];
    const compiled = compile(
      {
        // `a` is compiled before `b`'s anchor makes the compile start over indexed.
        properties: {
          a: { pattern: "^x" },
          b: { $anchor: "b", pattern: "^x" },
        },
      },
      {
        regExp: (source) => {
          sources.push(source);
          return new RegExp(source, "u");
        },
      },
    );
    expect(sources).toStrictEqual(["^x"]);
    expect(compiled.check({ a: "xa", b: "xb" })).toBe(true);
    expect(compiled.check({ a: "xa", b: "b" })).toBe(false);
  });

  it.each([
    ["null", null],
    ["a number", 5],
    ["an array", []],
    ["a string", "object"],
  ])("should refuse %s as the root schema", (_name, schema) => {
    let thrown: unknown;
    try {
      compile(schema as unknown as JsonSchema);
    } catch (error) {
      thrown = error;
    }
    expect(SchemaError.isInstance(thrown)).toBe(true);
    expect((thrown as SchemaError).code).toBe("INVALID_SCHEMA");
    expect((thrown as SchemaError).message).toBe("a schema must be an object or a boolean (at #)");
  });

  it("should still throw for a reference that names nothing", () => {
    expect(() => compile({ properties: { a: { $ref: "#/$defs/missing" } } })).toThrow(
      /unresolved reference #\/\$defs\/missing/,
    );
  });
});
