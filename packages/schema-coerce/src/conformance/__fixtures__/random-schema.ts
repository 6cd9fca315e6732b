/**
 * Random JSON Schemas over the keywords this package supports, and values near and far from
 * valid for them, for the differential test against Ajv. Test-only.
 *
 * The generators stay where Ajv is a sound oracle: `multipleOf` divisors and numbers are binary
 * fractions (where Ajv's float division is exact), and formats are the ones ajv-formats judges
 * by the same RFC rules (see `KNOWN_DEVIATIONS` in the test for the others).
 */
import fc from "fast-check";
import type { JsonSchemaObject, SchemaDraft } from "../../types";

type Schema = JsonSchemaObject | boolean;

// No number at or past 1e21: Ajv judges `multipleOf` with `parseInt` on the quotient, which
// reads `1e21` as 1 (a known deviation).
const numbers = [-3, -1.5, -1, -0.5, 0, 0.25, 0.5, 1, 1.5, 2, 3, 4, 10, 100, 123456];
const strings = [
  "",
  "a",
  "ab",
  "abc",
  "b",
  "x1",
  "xyz",
  "A",
  "é",
  "😀",
  "😀😀",
  "1",
  "2024-02-29",
  "2023-02-29",
  "12:30:00Z",
  "23:59:60Z",
  "P1D",
  "PT1H30M",
  "127.0.0.1",
  "256.1.1.1",
  "::1",
  "1:2:3:4:5:6:7:8:9",
  "http://example.com/a?b#c",
  "https://",
  "mailto:a@b.c",
  "123e4567-e89b-12d3-a456-426614174000",
  "/a/b~1c",
  "/a~2",
  "{x}",
  "{",
];

/** Formats where ajv-formats 3.0.1 and this package follow the same rules. */
export const AGREEING_FORMATS = [
  "date",
  "time",
  "duration",
  "ipv4",
  "ipv6",
  "uri",
  "uuid",
  "json-pointer",
  "uri-template",
] as const;

const patterns = ["^a", "b$", "^[a-c]*$", "\\d", "^\\p{L}+$", "^.{2}$"];
const keys = ["a", "b", "c", "x1"];

const scalar = fc.oneof(
  fc.constantFrom(...numbers),
  fc.constantFrom(...strings),
  fc.boolean(),
  fc.constant(null),
);
const smallValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...keys), tie("value"), { maxKeys: 3 }),
  ),
})).value;

const typeName = fc.constantFrom("string", "number", "integer", "boolean", "null", "object", "array");

/** A keyword present about one time in five, so most generated nodes hold a few keywords. */
function optional<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary },
  );
}

/** Drops the `undefined` entries of a record of optional keywords. */
function defined(entries: Record<string, unknown>): JsonSchemaObject {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) result[key] = value;
  return result;
}

function leafKeywords(): fc.Arbitrary<JsonSchemaObject> {
  return fc
    .record({
      type: optional(fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 2, maxLength: 3 }))),
      minimum: optional(fc.constantFrom(...numbers)),
      exclusiveMaximum: optional(fc.constantFrom(...numbers)),
      multipleOf: optional(fc.constantFrom(0.25, 0.5, 1, 2, 3)),
      minLength: optional(fc.integer({ min: 0, max: 3 })),
      maxLength: optional(fc.integer({ min: 0, max: 3 })),
      pattern: optional(fc.constantFrom(...patterns)),
      format: optional(fc.constantFrom(...AGREEING_FORMATS)),
      enum: optional(fc.array(smallValue, { minLength: 1, maxLength: 4 })),
      const: optional(smallValue),
    })
    .map(defined);
}

function objectKeywords(child: fc.Arbitrary<Schema>, draft: SchemaDraft) {
  return fc
    .record({
      type: optional(fc.constant("object")),
      properties: optional(fc.dictionary(fc.constantFrom(...keys), child, { maxKeys: 3 })),
      required: optional(fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 3 })),
      additionalProperties: optional(child),
      patternProperties: optional(fc.record({ "^x": child })),
      propertyNames: optional(fc.constantFrom<Schema>({ maxLength: 1 }, { pattern: "^[ab]" })),
      minProperties: optional(fc.integer({ min: 0, max: 3 })),
      maxProperties: optional(fc.integer({ min: 0, max: 3 })),
      dependentRequired:
        draft === "7" ? fc.constant(undefined) : optional(fc.constant({ a: ["b"] })),
      dependencies: draft === "7" ? optional(fc.constant({ a: ["b"] })) : fc.constant(undefined),
      unevaluatedProperties: draft === "7" ? fc.constant(undefined) : optional(fc.boolean()),
    })
    .map(defined);
}

function arrayKeywords(child: fc.Arbitrary<Schema>, draft: SchemaDraft) {
  const tuple = fc.array(child, { minLength: 1, maxLength: 2 });
  return fc
    .record({
      type: optional(fc.constant("array")),
      items: draft === "7" ? optional(fc.oneof(child, tuple)) : optional(child),
      prefixItems: draft === "7" ? fc.constant(undefined) : optional(tuple),
      additionalItems: draft === "7" ? optional(child) : fc.constant(undefined),
      contains: optional(child),
      minContains: draft === "7" ? fc.constant(undefined) : optional(fc.integer({ min: 0, max: 2 })),
      maxContains: draft === "7" ? fc.constant(undefined) : optional(fc.integer({ min: 1, max: 2 })),
      minItems: optional(fc.integer({ min: 0, max: 3 })),
      maxItems: optional(fc.integer({ min: 0, max: 3 })),
      uniqueItems: optional(fc.boolean()),
      unevaluatedItems: draft === "7" ? fc.constant(undefined) : optional(fc.boolean()),
    })
    .map((entries) => {
      // Ajv 8.20 skips `contains` beside a tuple, and counts every item as evaluated once
      // `contains` passes (known deviations): never those pairs.
      if (entries.contains !== undefined) entries.unevaluatedItems = undefined;
      if (entries.prefixItems !== undefined || Array.isArray(entries.items)) {
        entries.contains = undefined;
        entries.minContains = undefined;
        entries.maxContains = undefined;
      }
      return defined(entries);
    });
}

function combinators(child: fc.Arbitrary<Schema>) {
  const list = fc.array(child, { minLength: 1, maxLength: 3 });
  return fc.oneof(
    list.map((allOf) => ({ allOf })),
    list.map((anyOf) => ({ anyOf })),
    list.map((oneOf) => ({ oneOf })),
    child.map((not) => ({ not })),
    fc
      .record({ if: child, then: optional(child), else: optional(child) })
      .map((entries) => defined(entries)),
    fc.constant({ $ref: "#/$defs/shared" }),
  );
}

/**
 * A random schema for `draft`, with `$defs` (`definitions` in draft 7) holding one shared
 * schema that `$ref`s may name, and sometimes a recursive tree.
 */
export function randomSchema(draft: SchemaDraft): fc.Arbitrary<JsonSchemaObject> {
  const { node } = fc.letrec<{ node: Schema }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leafKeywords(),
      fc.boolean(),
      objectKeywords(tie("node"), draft),
      arrayKeywords(tie("node"), draft),
      combinators(tie("node")),
    ),
  }));
  const definitionsKey = draft === "7" ? "definitions" : "$defs";
  const tree = {
    type: "object",
    properties: { value: { type: "integer" }, child: { $ref: "#/$defs/tree" } },
  };
  return fc
    .tuple(
      node.filter((schema) => typeof schema === "object"),
      leafKeywords(),
      fc.boolean(),
    )
    .map(([root, shared, treeWanted]) => {
      // Draft 7 ignores every keyword beside `$ref` and Ajv does not (a known deviation), so a
      // root `$ref` gets no `properties` beside it.
      const withTree = treeWanted && !Object.hasOwn(root as JsonSchemaObject, "$ref");
      const rootProperties = (root as { properties?: object }).properties;
      const text = JSON.stringify({
        ...(root as JsonSchemaObject),
        [definitionsKey]: { shared, ...(withTree ? { tree } : {}) },
        ...(withTree
          ? { properties: { ...rootProperties, tree: { $ref: "#/$defs/tree" } } }
          : {}),
      });
      // References are written for 2020-12; draft 7 keeps them under `definitions`.
      return JSON.parse(draft === "7" ? text.replaceAll("#/$defs/", "#/definitions/") : text);
    });
}

/** Values for `schema`: mostly shaped by it (near valid), some arbitrary (far from valid). */
export function randomValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema === "boolean" || depth > 3) return smallValue;
  const choices: fc.Arbitrary<unknown>[] = [smallValue];
  if (Array.isArray(schema.enum)) choices.push(fc.constantFrom(...(schema.enum as unknown[])));
  if (Object.hasOwn(schema, "const")) choices.push(fc.constant(schema.const));
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  if (schema.type === "object" || schema.properties !== undefined) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, child] of Object.entries(properties)) shape[key] = randomValue(child, depth + 1);
    choices.push(
      fc.tuple(fc.record(shape, { requiredKeys: [] }), fc.dictionary(fc.constantFrom(...keys), smallValue, { maxKeys: 2 }))
        .map(([declared, extra]) => ({ ...extra, ...declared })),
    );
  }
  if (schema.type === "array" || schema.items !== undefined || schema.prefixItems !== undefined) {
    const item = typeof schema.items === "object" && !Array.isArray(schema.items) ? randomValue(schema.items as Schema, depth + 1) : smallValue;
    choices.push(fc.array(item, { maxLength: 4 }));
  }
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (Array.isArray(list)) choices.push(...(list as Schema[]).map((branch) => randomValue(branch, depth + 1)));
  }
  return fc.oneof(...choices);
}
