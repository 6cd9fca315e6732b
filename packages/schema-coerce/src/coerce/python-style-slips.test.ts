import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import type { CoercionChange, JsonSchemaObject } from "../types";

// SPEC §1.5.1, row by row, through the public API, with the options the tool layer uses. Each row:
// the schema of one property `v` (required unless `optional`), what the model sent, what lossless
// coercion gives (the value and the rules in `changes`, or the issue it fails with — after the
// changes listed) and what Pi's rules give for the same input (`coerce: true`, unchanged).
interface Row {
  readonly name: string;
  readonly schema: JsonSchemaObject;
  readonly sent: unknown;
  readonly optional?: boolean;
  readonly lossless:
    | { readonly value: unknown; readonly rules: readonly CoercionChange["rule"][] }
    | { readonly fails: string; readonly rules: readonly CoercionChange["rule"][] };
  readonly pi: unknown;
}

const strings: JsonSchemaObject = { type: "array", items: { type: "string" } };
const integers: JsonSchemaObject = { type: "array", items: { type: "integer" } };
const anything: JsonSchemaObject = { type: "array" };

const rows: readonly Row[] = [
  {
    name: "a Python list of strings",
    schema: strings,
    sent: "['Santa Barbara', 'Monterey']",
    lossless: { value: ["Santa Barbara", "Monterey"], rules: ["python-literal"] },
    pi: ["['Santa Barbara', 'Monterey']"],
  },
  {
    name: "a tuple, double quotes, a trailing comma",
    schema: strings,
    sent: '("a", "b",)',
    lossless: { value: ["a", "b"], rules: ["python-literal"] },
    pi: ['("a", "b",)'],
  },
  {
    name: "True, False, None and numbers",
    schema: anything,
    sent: "[True, False, None, 1.5, -3, 2e3]",
    lossless: { value: [true, false, null, 1.5, -3, 2000], rules: ["python-literal"] },
    pi: ["[True, False, None, 1.5, -3, 2e3]"],
  },
  {
    name: "Python's escapes",
    schema: strings,
    sent: "['it\\'s', \"a\\nb\", '\\u00e9\\x41', 'C:\\\\d']",
    lossless: { value: ["it's", "a\nb", "éA", "C:\\d"], rules: ["python-literal"] },
    pi: ["['it\\'s', \"a\\nb\", '\\u00e9\\x41', 'C:\\\\d']"],
  },
  {
    name: "nested lists, tuples and dicts, then converted like any value",
    schema: { type: "array", items: { type: "array", items: { type: "integer" } } },
    sent: "[(1, '2'), [3]]",
    lossless: { value: [[1, 2], [3]], rules: ["python-literal", "convert"] },
    pi: [["[(1, '2'), [3]]"]],
  },
  {
    name: "a dict, its optional None then dropped",
    schema: {
      type: "object",
      properties: { adults: { type: "integer" }, pets: { type: "integer" } },
      required: ["adults"],
    },
    sent: "{'adults': 2, 'pets': None}",
    lossless: { value: { adults: 2 }, rules: ["python-literal", "drop-null"] },
    pi: "{'adults': 2, 'pets': None}",
  },
  {
    name: "JSON first: valid JSON is parse-json, as before",
    schema: integers,
    sent: "[1, 2]",
    lossless: { value: [1, 2], rules: ["parse-json"] },
    pi: [1, 2],
  },
  {
    name: "not a literal: a call (no eval), never wrapped",
    schema: strings,
    sent: "[os.remove('x')]",
    lossless: { fails: "expected array, got string", rules: [] },
    pi: ["[os.remove('x')]"],
  },
  {
    name: "not a literal: bare words, never wrapped",
    schema: strings,
    sent: "[Santa Barbara, Monterey]",
    lossless: { fails: "expected array, got string", rules: [] },
    pi: ["[Santa Barbara, Monterey]"],
  },
  {
    name: "JSON of the wrong kind, never wrapped",
    schema: strings,
    sent: ' {"a": 1}',
    lossless: { fails: "expected array, got string", rules: [] },
    pi: [' {"a": 1}'],
  },
  {
    name: "an integer a double cannot hold (not rounded)",
    schema: anything,
    sent: "[12345678901234567890, 'x']",
    lossless: { fails: "expected array, got string", rules: [] },
    pi: ["[12345678901234567890, 'x']"],
  },
  {
    name: "a string where the schema also takes a string",
    schema: { type: ["string", "array"], items: { type: "string" } },
    sent: "['a', 'b']",
    lossless: { value: "['a', 'b']", rules: [] },
    pi: "['a', 'b']",
  },
  {
    name: "'None' for an optional array: null, then dropped",
    schema: strings,
    sent: "None",
    optional: true,
    lossless: { value: undefined, rules: ["null-string", "drop-null"] },
    pi: ["None"],
  },
  {
    name: "'null' for an optional array",
    schema: strings,
    sent: "null",
    optional: true,
    lossless: { value: undefined, rules: ["null-string", "drop-null"] },
    pi: ["null"],
  },
  {
    name: "'undefined' for an optional integer",
    schema: { type: "integer" },
    sent: "undefined",
    optional: true,
    lossless: { value: undefined, rules: ["null-string", "drop-null"] },
    pi: "undefined",
  },
  {
    name: "'None' for a required array: null, rejected",
    schema: strings,
    sent: "None",
    lossless: { fails: "expected array, got null", rules: ["null-string"] },
    pi: ["None"],
  },
  {
    name: "'NONE' for a required integer",
    schema: { type: "integer" },
    sent: "NONE",
    lossless: { fails: "expected integer, got null", rules: ["null-string"] },
    pi: "NONE",
  },
  {
    name: "'None' where null is accepted",
    schema: { type: ["array", "null"], items: { type: "string" } },
    sent: "None",
    lossless: { value: null, rules: ["null-string"] },
    pi: "None",
  },
  {
    name: "'undefined' for type null",
    schema: { type: "null" },
    sent: "undefined",
    lossless: { value: null, rules: ["null-string"] },
    pi: null,
  },
  {
    name: "'None' where a string is accepted stays",
    schema: { type: "string" },
    sent: "None",
    lossless: { value: "None", rules: [] },
    pi: "None",
  },
  {
    name: "an enum member wins over null-string",
    schema: { enum: ["none", "all"] },
    sent: "None",
    lossless: { value: "none", rules: ["enum-case"] },
    pi: "None",
  },
  {
    name: "'a, b' stays one item",
    schema: strings,
    sent: "New York, NY",
    lossless: { value: ["New York, NY"], rules: ["convert"] },
    pi: ["New York, NY"],
  },
];

const options = { parseJsonStrings: true } as const;

function rowNamed(name: string): Row {
  const row = rows.find((candidate) => candidate.name === name);
  if (row === undefined) throw new Error(`no row ${name}`);
  return row;
}

function wrap(row: Row): JsonSchemaObject {
  return {
    type: "object",
    properties: { v: row.schema },
    ...(row.optional === true ? {} : { required: ["v"] }),
  };
}

describe("Python-style slips under lossless coercion", () => {
  it.each(rows.map((row) => [row.name, row] as const))("%s", (_name, row) => {
    const input = Object.freeze({ v: row.sent });
    const result = compile(wrap(row), { ...options, coerce: "lossless" }).parse(input);
    const rules = result.changes.map((change) => change.rule);
    expect(rules).toStrictEqual(row.lossless.rules);
    if ("fails" in row.lossless) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors).toContainEqual(
          expect.objectContaining({ path: "/v", message: row.lossless.fails }),
        );
      }
    } else {
      expect(result.ok).toBe(true);
      if (result.ok) expect((result.value as { v?: unknown }).v).toStrictEqual(row.lossless.value);
    }
    const pi = compile(wrap(row), { ...options, coerce: true }).coerce(input) as { v?: unknown };
    expect(pi.v).toStrictEqual(row.pi);
  });

  it("should report each change with its place, what was sent and what it became", () => {
    const schema = wrap(rowNamed("a Python list of strings"));
    const parsed = compile(schema, { ...options, coerce: "lossless" }).parse({
      v: "['a', None]",
    });
    expect(parsed.changes).toStrictEqual([
      { path: "/v", rule: "python-literal", from: "['a', None]", to: ["a", null] },
    ]);
    const optionalArray = wrap(rowNamed("'None' for an optional array: null, then dropped"));
    const dropped = compile(optionalArray, { ...options, coerce: "lossless" }).parse({
      v: "None",
    });
    expect(dropped).toStrictEqual({
      ok: true,
      value: {},
      changes: [
        { path: "/v", rule: "null-string", from: "None", to: null },
        { path: "/v", rule: "drop-null", from: null, to: undefined },
      ],
    });
  });

  it("should read Python only where JSON strings are parsed, and never wrap '[…]' or 'None'", () => {
    const schema = wrap(rowNamed("a Python list of strings"));
    const plain = compile(schema, { coerce: "lossless" });
    expect(plain.parse({ v: "['a']" })).toMatchObject({ ok: false, changes: [] });
    expect(plain.parse({ v: "None" })).toMatchObject({
      ok: false,
      changes: [{ path: "/v", rule: "null-string", from: "None", to: null }],
    });
  });
});
