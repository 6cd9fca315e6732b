import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import type { CoercionChange, JsonSchemaObject } from "../types";

// SPEC §1.5, rule by rule, through the public API. Each row: a schema for one property `v`
// (required unless `optional`), what the model sent, and what lossless coercion must give —
// `"fails"` means the value stays as sent and `parse` fails with `issue`. The last column is what
// Pi's rules (SPEC §1.4) give for the same input, to show each row is a real difference or a
// rule both modes share.
interface Row {
  readonly name: string;
  readonly schema: JsonSchemaObject;
  readonly sent: unknown;
  readonly lossless: { value: unknown; rule?: CoercionChange["rule"] } | { fails: string };
  readonly pi: unknown;
  readonly optional?: boolean;
}

const never: readonly Row[] = [
  {
    name: "null → string",
    schema: { type: "string" },
    sent: null,
    lossless: { fails: "expected string, got null" },
    pi: "null",
  },
  {
    name: "null → number",
    schema: { type: "number" },
    sent: null,
    lossless: { fails: "expected number, got null" },
    pi: 0,
  },
  {
    name: "null → integer",
    schema: { type: "integer" },
    sent: null,
    lossless: { fails: "expected integer, got null" },
    pi: 0,
  },
  {
    name: "null → boolean",
    schema: { type: "boolean" },
    sent: null,
    lossless: { fails: "expected boolean, got null" },
    pi: false,
  },
  {
    name: "null → [null] (no wrap)",
    schema: { type: "array", items: { type: "string" } },
    sent: null,
    lossless: { fails: "expected array, got null" },
    pi: ["null"],
  },
  {
    name: "null → '' by type array (pass 3)",
    schema: { type: ["string", "integer"] },
    sent: null,
    lossless: { fails: "expected string or integer, got null" },
    pi: "",
  },
  {
    name: "'' → number",
    schema: { type: "number" },
    sent: "",
    lossless: { fails: "expected number, got string" },
    pi: 0,
  },
  {
    name: "'' → integer",
    schema: { type: "integer" },
    sent: "",
    lossless: { fails: "expected integer, got string" },
    pi: 0,
  },
  {
    name: "'' → boolean (pass 3)",
    schema: { type: ["boolean", "null"] },
    sent: "",
    lossless: { fails: "expected boolean or null, got string" },
    pi: null,
  },
  {
    name: "'' → null",
    schema: { type: "null" },
    sent: "",
    lossless: { fails: "expected null, got string" },
    pi: null,
  },
  {
    name: "'' → ['']",
    schema: { type: "array", items: { type: "string" } },
    sent: "",
    lossless: { fails: "expected array, got string" },
    pi: [""],
  },
  {
    name: "3.5 → integer",
    schema: { type: "integer" },
    sent: 3.5,
    lossless: { fails: "expected integer, got number" },
    pi: 3,
  },
  {
    name: "'3.5' → integer",
    schema: { type: "integer" },
    sent: "3.5",
    lossless: { fails: "expected integer, got string" },
    pi: 3,
  },
  {
    name: "true → number",
    schema: { type: "number" },
    sent: true,
    lossless: { fails: "expected number, got boolean" },
    pi: 1,
  },
  {
    name: "'true' → number",
    schema: { type: "number" },
    sent: "true",
    lossless: { fails: "expected number, got string" },
    pi: 1,
  },
  {
    name: "1 → boolean",
    schema: { type: "boolean" },
    sent: 1,
    lossless: { fails: "expected boolean, got integer" },
    pi: true,
  },
  {
    name: "'0' → boolean",
    schema: { type: "boolean" },
    sent: "0",
    lossless: { fails: "expected boolean, got string" },
    pi: false,
  },
  {
    name: "'0' → null",
    schema: { type: "null" },
    sent: "0",
    lossless: { fails: "expected null, got string" },
    pi: null,
  },
  {
    name: "0 → null",
    schema: { type: "null" },
    sent: 0,
    lossless: { fails: "expected null, got integer" },
    pi: null,
  },
  {
    name: "false → null",
    schema: { type: "null" },
    sent: false,
    lossless: { fails: "expected null, got boolean" },
    pi: null,
  },
  {
    name: "an object → string",
    schema: { type: "string" },
    sent: { a: 1 },
    lossless: { fails: "expected string, got object" },
    pi: { a: 1 },
  },
  {
    name: "a string a double cannot hold exactly",
    schema: { type: "number" },
    sent: "12345678901234567890",
    lossless: { fails: "expected number, got string" },
    pi: 12345678901234567000,
  },
  {
    name: "a hexadecimal string",
    schema: { type: "number" },
    sent: "0x10",
    lossless: { fails: "expected number, got string" },
    pi: 16,
  },
];

const kept: readonly Row[] = [
  {
    name: "numeric string → number",
    schema: { type: "number" },
    sent: " 1.50 ",
    lossless: { value: 1.5, rule: "convert" },
    pi: 1.5,
  },
  {
    name: "exponent string → number",
    schema: { type: "number" },
    sent: "1e3",
    lossless: { value: 1000, rule: "convert" },
    pi: 1000,
  },
  {
    name: "integral string → integer",
    schema: { type: "integer" },
    sent: "5.0",
    lossless: { value: 5, rule: "convert" },
    pi: 5,
  },
  {
    name: "integral string → integer by type array",
    schema: { type: ["integer", "null"] },
    sent: "-7",
    lossless: { value: -7, rule: "coerce-type" },
    pi: -7,
  },
  {
    name: "'TRUE' → true",
    schema: { type: "boolean" },
    sent: "TRUE",
    lossless: { value: true, rule: "convert" },
    pi: true,
  },
  {
    name: "'false' → false by type array",
    schema: { type: ["boolean", "null"] },
    sent: "false",
    lossless: { value: false, rule: "coerce-type" },
    pi: false,
  },
  {
    name: "number → string",
    schema: { type: "string" },
    sent: 42,
    lossless: { value: "42", rule: "convert" },
    pi: "42",
  },
  {
    name: "boolean → string",
    schema: { type: "string" },
    sent: false,
    lossless: { value: "false", rule: "convert" },
    pi: "false",
  },
  {
    name: "'NULL' → null where strings are rejected",
    schema: { type: ["integer", "null"] },
    sent: "NULL",
    lossless: { value: null, rule: "null-string" },
    pi: "NULL",
  },
  {
    name: "'null' stays where strings are accepted",
    schema: { type: ["string", "null"] },
    sent: "null",
    lossless: { value: "null" },
    pi: "null",
  },
  {
    name: "scalar wrapped",
    schema: { type: "array", items: { type: "integer" } },
    sent: "4",
    lossless: { value: [4], rule: "convert" },
    pi: [4],
  },
  {
    name: "literal conversion",
    schema: { const: 5 },
    sent: "5",
    lossless: { value: 5, rule: "convert" },
    pi: 5,
  },
  {
    name: "optional null dropped",
    schema: { type: "string" },
    sent: null,
    optional: true,
    lossless: { value: undefined, rule: "drop-null" },
    pi: undefined,
  },
];

const added: readonly Row[] = [
  {
    name: "drop-empty: optional '' the schema rejects",
    schema: { type: "integer" },
    sent: "",
    optional: true,
    lossless: { value: undefined, rule: "drop-empty" },
    pi: 0,
  },
  {
    name: "drop-empty: not for a schema that accepts ''",
    schema: { type: "string" },
    sent: "",
    optional: true,
    lossless: { value: "" },
    pi: "",
  },
  {
    name: "enum-case: one member matches ignoring case",
    schema: { enum: ["read", "write"] },
    sent: "Write",
    lossless: { value: "write", rule: "enum-case" },
    pi: "Write",
  },
  {
    name: "enum-case: const",
    schema: { const: "utf-8" },
    sent: "UTF-8",
    lossless: { value: "utf-8", rule: "enum-case" },
    pi: "UTF-8",
  },
  {
    name: "enum-case: two members match, so none is picked",
    schema: { enum: ["red", "RED"] },
    sent: "Red",
    lossless: { fails: 'expected one of ["red","RED"]' },
    pi: "Red",
  },
];

function wrap(row: Row): JsonSchemaObject {
  return {
    type: "object",
    properties: { v: row.schema },
    ...(row.optional === true ? {} : { required: ["v"] }),
  };
}

function check(row: Row) {
  const input = { v: row.sent };
  const result = compile(wrap(row), { coerce: "lossless" }).parse(input);
  if ("fails" in row.lossless) {
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toContainEqual(
        expect.objectContaining({ path: "/v", message: row.lossless.fails }),
      );
    expect(result.changes).toStrictEqual([]);
  } else {
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((result.value as { v?: unknown }).v).toStrictEqual(row.lossless.value);
    const rules = result.changes.map((change) => change.rule);
    // A wrap records the wrap and then the item's own conversion: one rule, maybe two changes.
    expect([...new Set(rules)]).toStrictEqual(
      row.lossless.rule === undefined ? [] : [row.lossless.rule],
    );
  }
  const pi = compile(wrap(row), { coerce: true }).coerce(input) as { v?: unknown };
  expect(pi.v).toStrictEqual(row.pi);
}

describe('compile(schema, { coerce: "lossless" })', () => {
  describe("never invents a value (SPEC §1.5 'Never')", () => {
    it.each(never.map((row) => [row.name, row] as const))("should leave %s as sent", (_name, row) =>
      check(row),
    );
  });
  describe("keeps the lossless rules of SPEC §1.4 ('Kept')", () => {
    it.each(kept.map((row) => [row.name, row] as const))("should apply %s", (_name, row) =>
      check(row),
    );
  });
  describe("adds drop-empty and enum-case ('Added')", () => {
    it.each(added.map((row) => [row.name, row] as const))("should apply %s", (_name, row) =>
      check(row),
    );
  });

  describe("default", () => {
    const schema = {
      type: "object",
      properties: {
        mode: { type: "string", default: "fast" },
        options: { type: "object", default: { depth: 1 } },
        note: { type: "string", default: "none" },
      },
      required: ["mode", "options"],
    };

    it("should fill a missing required property from its default, as a copy", () => {
      const result = compile(schema, { coerce: "lossless" }).parse({});
      expect(result).toStrictEqual({
        ok: true,
        value: { mode: "fast", options: { depth: 1 } },
        changes: [
          { path: "/mode", rule: "default", from: undefined, to: "fast" },
          { path: "/options", rule: "default", from: undefined, to: { depth: 1 } },
        ],
      });
      if (result.ok)
        expect((result.value as { options: unknown }).options).not.toBe(
          schema.properties.options.default,
        );
    });

    it("should never fill an optional property, nor a required one sent as null", () => {
      const result = compile(schema, { coerce: "lossless" }).parse({ mode: null, options: {} });
      expect(result.ok).toBe(false);
      expect(result.changes).toStrictEqual([]);
      expect(
        compile(schema, { coerce: "lossless" }).coerce({ mode: "x", options: {} }),
      ).toStrictEqual({ mode: "x", options: {} });
    });

    it("should leave defaults out under Pi's rules", () => {
      expect(compile(schema, { coerce: true }).parse({}).ok).toBe(false);
    });
  });

  it("should convert a literal property through the visit so enum-case applies there too", () => {
    const schema = { type: "object", properties: { kind: { const: "File" } }, required: ["kind"] };
    expect(compile(schema, { coerce: "lossless" }).parse({ kind: "file" })).toMatchObject({
      ok: true,
      value: { kind: "File" },
    });
  });

  it("should treat coerce: 'pi' exactly as coerce: true", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "integer" }, s: { type: "string" } },
      required: ["n", "s"],
    };
    const input = { n: "2.7", s: null };
    expect(compile(schema, { coerce: "pi" }).parse(input)).toStrictEqual(
      compile(schema, { coerce: true }).parse(input),
    );
    expect(compile(schema, { coerce: "pi" }).coerce(input)).toStrictEqual({ n: 2, s: "null" });
  });
});
