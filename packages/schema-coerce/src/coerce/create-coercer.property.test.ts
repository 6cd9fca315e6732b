import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import type { CoercionChange, CompileOptions, JsonSchemaObject } from "../types";
import { sloppyValue } from "./__fixtures__/sloppy-value";
import { toolSchemas } from "./__fixtures__/tool-schemas";
import { createCoercer } from "./create-coercer";
import { createTestGraph } from "./test-graph";

// Runs per property per schema and option set: 8 schemas × 3 option sets × 170 ≈ 4,000 inputs
// for each property (as many as with two option sets before the lossless one joined).
const numRuns = 170;

const optionSets: readonly [string, CompileOptions][] = [
  ["coerce", { coerce: true }],
  [
    "coerce + removeAdditional + parseJsonStrings",
    { coerce: true, removeAdditional: true, parseJsonStrings: true },
  ],
  [
    "lossless + removeAdditional + parseJsonStrings",
    { coerce: "lossless", removeAdditional: true, parseJsonStrings: true },
  ],
];

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** A copy that keeps `__proto__` keys as own data (JSON.parse defines properties). */
function cloneJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Every object in `value` is a plain object or array with the standard prototype. */
function hasStandardPrototypes(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  const expected = Array.isArray(value) ? Array.prototype : Object.prototype;
  if (Object.getPrototypeOf(value) !== expected) return false;
  return Object.keys(value).every((key) =>
    hasStandardPrototypes((value as Record<string, unknown>)[key]),
  );
}

function setup(schema: JsonSchemaObject, options: CompileOptions) {
  const compiled = compile(schema, options);
  const coercer = createCoercer(createTestGraph(schema, options));
  const sloppy = sloppyValue(schema, schema);
  // Lossless rules leave most sloppy values of a wide schema invalid (a required null stays
  // null), so that mode also gets values Pi's rules repaired: valid ones, to check it keeps them.
  const repairedByPi = compile(schema, { ...options, coerce: true });
  const values = fc.oneof(
    { weight: 4, arbitrary: sloppy },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    ...(options.coerce === "lossless"
      ? [{ weight: 2, arbitrary: sloppy.map((value) => repairedByPi.coerce(value)) }]
      : []),
  );
  return { compiled, coercer, values };
}

const cases = Object.entries(toolSchemas).flatMap(([schemaName, schema]) =>
  optionSets.map(([optionsName, options]) => ({
    name: `${schemaName} (${optionsName})`,
    schema,
    options,
  })),
);

describe("createCoercer", () => {
  it.each(cases)("should never throw for any value: $name", ({ schema, options }) => {
    const { compiled, coercer, values } = setup(schema, options);
    fc.assert(
      fc.property(values, (value) => {
        compiled.coerce(value);
        compiled.parse(value);
        coercer(value, []);
      }),
      { numRuns },
    );
  });

  it.each(cases)("should never mutate a deep-frozen input: $name", ({ schema, options }) => {
    const { coercer, values } = setup(schema, options);
    fc.assert(
      fc.property(values, (value) => {
        const before = JSON.stringify(value);
        const fromThawed = coercer(cloneJson(value), []);
        const fromFrozen = coercer(deepFreeze(value), []);
        expect(JSON.stringify(value)).toBe(before);
        // A write to a frozen object would throw and be swallowed; equal results rule that out.
        expect(JSON.stringify(fromFrozen)).toBe(JSON.stringify(fromThawed));
      }),
      { numRuns },
    );
  });

  it.each(cases)("should make parse idempotent: $name", ({ schema, options }) => {
    const { compiled, coercer, values } = setup(schema, options);
    fc.assert(
      fc.property(values, (value) => {
        const first = compiled.parse(value);
        if (!first.ok) return;
        const second = compiled.parse(first.value);
        expect(second).toStrictEqual({ ok: true, value: first.value, changes: [] });
        expect(second.ok && second.value).toBe(first.value);
        const changes: CoercionChange[] = [];
        expect(coercer(first.value, changes)).toBe(first.value);
        expect(changes).toEqual([]);
      }),
      { numRuns },
    );
  });

  it.each(cases)(
    "should never change a value that is already valid: $name",
    ({ schema, options }) => {
      const { compiled, coercer, values } = setup(schema, options);
      let validSeen = 0;
      fc.assert(
        fc.property(values, (value) => {
          // The sloppy value itself when it happens to be valid, else its repaired form.
          const parsed = compiled.parse(value);
          if (!parsed.ok) return;
          const valid = compiled.check(value) ? value : parsed.value;
          validSeen += 1;
          expect(compiled.coerce(valid)).toBe(valid);
          const changes: CoercionChange[] = [];
          const raw = coercer(valid, changes);
          // JSON text, not toStrictEqual: an own `constructor` key confuses its type check.
          expect(JSON.stringify(raw)).toBe(JSON.stringify(valid));
          expect(raw).toBe(valid);
          expect(changes).toEqual([]);
        }),
        { numRuns },
      );
      expect(validSeen).toBeGreaterThan(0);
    },
  );

  it.each(cases)(
    "should keep prototypes standard and Object.prototype clean: $name",
    ({ schema, options }) => {
      const { compiled, coercer, values } = setup(schema, options);
      const dangerous = fc
        .tuple(
          values,
          fc.constantFrom("__proto__", "constructor", "prototype"),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([value, key, extra]) => {
          if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
          const copy = { ...value };
          Object.defineProperty(copy, key, {
            value: extra,
            writable: true,
            enumerable: true,
            configurable: true,
          });
          return copy;
        });
      fc.assert(
        fc.property(dangerous, (value) => {
          const parsed = compiled.parse(value);
          const coerced = coercer(value, []);
          expect(hasStandardPrototypes(coerced)).toBe(true);
          if (parsed.ok) expect(hasStandardPrototypes(parsed.value)).toBe(true);
          expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(
            Object.getOwnPropertyNames(Object.getPrototypeOf({})),
          );
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns },
      );
    },
  );
});
