import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { isSameDecimal, parseDecimalText } from "../compile/decimal-text";
import type { CoercionChange, JsonSchemaObject } from "../types";
import { sloppyValue } from "./__fixtures__/sloppy-value";
import { toolSchemas } from "./__fixtures__/tool-schemas";

// SPEC §1.5's promise as a property: whatever the schema and whatever the model sent, a lossless
// repair never turns `null` or `""` into another value (it may only drop them where the rules
// say) and never changes a number's value.

const leafSchema: fc.Arbitrary<JsonSchemaObject> = fc.oneof(
  fc.constantFrom("string", "number", "integer", "boolean", "null").map((type) => ({ type })),
  fc
    .subarray(["string", "number", "integer", "boolean", "null"], { minLength: 2, maxLength: 3 })
    .map((type) => ({ type })),
  fc.constant({ enum: ["read", "write", 1, true] }),
  fc.constant({ const: "Exact" }),
  fc.constant({ type: "integer", default: 3 }),
  fc.constant({ anyOf: [{ type: "integer" }, { type: "boolean" }] }),
);

/** Random object schemas: leaves, arrays of leaves, nested objects, some required. */
const generatedSchema: fc.Arbitrary<JsonSchemaObject> = fc.letrec<{ node: JsonSchemaObject }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leafSchema,
      tie("node").map((items) => ({ type: "array", items })),
      fc
        .dictionary(fc.constantFrom("a", "b", "c", "d"), tie("node"), { maxKeys: 4 })
        .chain((properties) =>
          fc.subarray(Object.keys(properties)).map((required) => ({
            type: "object",
            properties,
            required,
          })),
        ),
    ),
  }),
).node;

const sloppyLeaf = fc.constantFrom<unknown>(
  null,
  "",
  " ",
  "0",
  "1",
  "3.5",
  "5.0",
  "1e3",
  "0x10",
  "12345678901234567890",
  "0.30000000000000001",
  "true",
  "FALSE",
  "null",
  "undefined",
  "None",
  "NONE",
  "['a', 'b']",
  "(1, 'x')",
  "{'a': None, 'b': True}",
  "[os.remove('x')]",
  "['unclosed'",
  " [Santa Barbara]",
  "a, b",
  "WRITE",
  "exact",
  0,
  1,
  2.7,
  -0.5,
  1e21,
  true,
  false,
);

const sloppyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    sloppyLeaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e"), tie("value"), { maxKeys: 4 }),
  ),
})).value;

type Segment = string | number;

/** Every `[path, value]` of a null, `""`, number or string leaf of `value`. */
function leavesOf(value: unknown, path: Segment[] = [], into: [Segment[], unknown][] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      leavesOf(item, [...path, index], into);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) {
      leavesOf((value as Record<string, unknown>)[key], [...path, key], into);
    }
  } else {
    into.push([path, value]);
  }
  return into;
}

function lookUp(value: unknown, path: readonly Segment[]): { found: boolean; value?: unknown } {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return { found: false };
    if (!Object.hasOwn(current, segment)) return { found: false };
    current = (current as Record<Segment, unknown>)[segment];
  }
  return { found: true, value: current };
}

function pointerOf(path: readonly Segment[]): string {
  return path
    .map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`)
    .join("");
}

/** `shown` without the one-item arrays wrapping put around it (a wrap may repeat for nested arrays). */
function unwrap(shown: unknown): unknown {
  let inner = shown;
  while (Array.isArray(inner) && inner.length === 1) inner = inner[0];
  return inner;
}

/** The number a lossless repair may show for `sent`: itself, its text, or either wrapped. */
function keepsNumber(sent: number, shown: unknown): boolean {
  const inner = unwrap(shown);
  if (typeof inner === "number") return Object.is(inner, sent) || inner === sent;
  return typeof inner === "string" && Number(inner) === sent;
}

/** A number shown for a numeric string must have exactly the string's decimal value. */
function keepsNumericText(sent: string, shown: unknown): boolean {
  const inner = unwrap(shown);
  if (typeof inner !== "number") return true;
  const written = parseDecimalText(sent.trim());
  const read = parseDecimalText(String(inner));
  return written !== undefined && read !== undefined && isSameDecimal(written, read);
}

/** Whether a change removed the place at `pointer` or a place holding it. */
function wasRemoved(pointer: string, changes: readonly CoercionChange[]): boolean {
  return changes.some(
    (change) =>
      change.to === undefined &&
      change.rule === "remove-additional" &&
      (pointer === change.path || pointer.startsWith(`${change.path}/`)),
  );
}

/** Whether `text` is one of the strings the lossless rules never wrap into a one-item array. */
function isNeverWrapped(text: string): boolean {
  return /^\s*[[{]/.test(text) || /^(none|null|undefined)$/i.test(text);
}

function assertLossless(sent: unknown, repaired: unknown, changes: readonly CoercionChange[]) {
  for (const [path, leaf] of leavesOf(sent)) {
    const shown = lookUp(repaired, path);
    const pointer = pointerOf(path);
    if (wasRemoved(pointer, changes)) continue;
    if (typeof leaf === "string" && isNeverWrapped(leaf) && shown.found) {
      // SPEC §1.5.1: never `["None"]`, never `["[os.remove('x')]"]`.
      expect(Array.isArray(shown.value) && unwrap(shown.value) === leaf).toBe(false);
    }
    if (typeof leaf === "string" && /^(none|null|undefined)$/i.test(leaf) && !shown.found) {
      // Gone only as a null the null rules dropped.
      expect(changes).toContainEqual({ path: pointer, rule: "null-string", from: leaf, to: null });
      expect(changes).toContainEqual({
        path: pointer,
        rule: "drop-null",
        from: null,
        to: undefined,
      });
      continue;
    }
    if (leaf === null || leaf === "") {
      if (!shown.found) {
        const rule = leaf === null ? "drop-null" : "drop-empty";
        expect(changes).toContainEqual({ path: pointerOf(path), rule, from: leaf, to: undefined });
        continue;
      }
      expect(shown.value).toStrictEqual(leaf);
    } else if (typeof leaf === "number") {
      expect(keepsNumber(leaf, shown.value)).toBe(true);
    } else if (
      typeof leaf === "string" &&
      shown.found &&
      !changes.some((change) => change.rule === "parse-json" && change.path === pointer)
    ) {
      expect(keepsNumericText(leaf, shown.value)).toBe(true);
    }
  }
  // Only removals may start from null or "" (removing a key is not inventing a value).
  for (const change of changes) {
    if (change.from === null || change.from === "") expect(change.to).toBeUndefined();
    // Only a null spelling becomes null, and only through null-string.
    if (change.to === null) {
      expect(change.rule).toBe("null-string");
      expect(String(change.from)).toMatch(/^(none|null|undefined)$/i);
    }
    // A Python literal is read as the same values: nothing but the notation changes.
    if (change.rule === "python-literal") {
      expect(typeof change.from).toBe("string");
      expect(toPython(change.to)).toBe(normalisePython(change.from as string));
    }
  }
}

/** The value as Python writes it (single quotes, `repr` style), for comparing two notations. */
function toPython(value: unknown): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toPython).join(", ")}]`;
  const entries = Object.entries(value as object).map(
    ([key, item]) => `${JSON.stringify(key)}: ${toPython(item)}`,
  );
  return `{${entries.join(", ")}}`;
}

/** The fixed literals of `sloppyLeaf`, by their text, as `toPython` writes their values. */
function normalisePython(text: string): string {
  const known: Record<string, string> = {
    "['a', 'b']": '["a", "b"]',
    "(1, 'x')": '[1, "x"]',
    "{'a': None, 'b': True}": '{"a": None, "b": True}',
  };
  const written = known[text];
  if (written === undefined) throw new Error(`no known Python reading of ${text}`);
  return written;
}

describe('coerce: "lossless" (property)', () => {
  it("should never turn null or '' into a value, nor change a number, on generated schemas", () => {
    let repaired = 0;
    fc.assert(
      fc.property(generatedSchema, sloppyJson, (schema, sent) => {
        const result = compile(schema, { coerce: "lossless" }).parse(sent);
        if (result.changes.length > 0) repaired += 1;
        const value = result.ok
          ? result.value
          : compile(schema, { coerce: "lossless" }).coerce(sent);
        assertLossless(sent, value, result.changes);
      }),
      { numRuns: 3000, seed: 1015 },
    );
    // The property is about repairs: enough of the inputs must actually have been repaired.
    expect(repaired).toBeGreaterThan(300);
  });

  it("should read Python literals and null spellings only as the same values, on generated schemas", () => {
    const counts = { python: 0, nullString: 0 };
    fc.assert(
      fc.property(generatedSchema, sloppyJson, (schema, sent) => {
        const compiled = compile(schema, { coerce: "lossless", parseJsonStrings: true });
        const result = compiled.parse(sent);
        for (const change of result.changes) {
          if (change.rule === "python-literal") counts.python += 1;
          if (change.rule === "null-string") counts.nullString += 1;
        }
        assertLossless(sent, result.ok ? result.value : compiled.coerce(sent), result.changes);
      }),
      { numRuns: 3000, seed: 1015 },
    );
    expect(counts.python).toBeGreaterThan(20);
    expect(counts.nullString).toBeGreaterThan(100);
  });

  it.each(Object.entries(toolSchemas))(
    "should never turn null or '' into a value, nor change a number: %s",
    (_name, schema) => {
      const compiled = compile(schema, {
        coerce: "lossless",
        removeAdditional: true,
        parseJsonStrings: true,
      });
      fc.assert(
        fc.property(sloppyValue(schema, schema), (sent) => {
          const result = compiled.parse(sent);
          assertLossless(sent, result.ok ? result.value : compiled.coerce(sent), result.changes);
        }),
        { numRuns: 400, seed: 1015 },
      );
    },
  );

  it("should read an integer numeral exactly, on both sides of the 15-digit short path", () => {
    const numeral = fc
      .tuple(fc.constantFrom("", "-", "+"), fc.stringMatching(/^[0-9]{1,20}$/))
      .map(([sign, digits]) => sign + digits);
    const asNumber = compile({ type: "number" }, { coerce: "lossless" });
    const asInteger = compile({ type: "integer" }, { coerce: "lossless" });
    fc.assert(
      fc.property(numeral, (text) => {
        const exact = Number(text);
        const written = parseDecimalText(text)!;
        const held = isSameDecimal(written, parseDecimalText(String(BigInt(exact)))!);
        for (const compiled of [asNumber, asInteger]) {
          const result = compiled.parse(text);
          if (held) {
            expect(result.ok && Object.is(result.value, exact)).toBe(true);
          } else {
            expect(result.ok).toBe(false);
          }
        }
      }),
      { numRuns: 3000, seed: 1015 },
    );
    // The boundary itself: 2^53 + 1 has 16 digits and no double; 15 nines have one.
    const read = (text: string) => {
      const result = asNumber.parse(text);
      return result.ok ? result.value : "invalid";
    };
    expect(read("9007199254740993")).toBe("invalid");
    expect(read("999999999999999")).toBe(999999999999999);
    expect(Object.is(read("-0"), -0)).toBe(true);
    expect(read("+007")).toBe(7);
    expect(read(" 42 ")).toBe(42);
    for (const text of ["", "-", "+", "4 2", "0x1f"]) expect(read(text)).toBe("invalid");
  });
});
