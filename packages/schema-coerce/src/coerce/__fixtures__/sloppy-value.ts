/**
 * A fast-check arbitrary of "model-written" values for a schema: mostly the right shape, with
 * the slips models make (numbers and booleans as strings, one value for an array, nulls for
 * optional fields, JSON in strings, unknown and `__proto__` / `constructor` / `prototype` keys).
 */
import fc from "fast-check";
import type { JsonSchema, JsonSchemaObject } from "../../types";

const smallJson = fc.jsonValue({ maxDepth: 2 });
const dangerousKey = fc.constantFrom("__proto__", "constructor", "prototype", "extra");

function defineAll(target: Record<string, unknown>, entries: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(entries)) {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  }
}

function resolve(root: JsonSchemaObject, ref: string): JsonSchema {
  let current: unknown = root;
  for (const segment of ref.replace(/^#\//, "").split("/")) {
    current = (current as Record<string, unknown>)[segment];
  }
  return current as JsonSchema;
}

function forType(type: string, schema: JsonSchemaObject, root: JsonSchemaObject, depth: number) {
  switch (type) {
    case "string":
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    case "integer":
      return fc.oneof(
        fc.integer(),
        fc.integer().map(String),
        fc.constantFrom("3.5", "", "abc", "1e3", " 7 ", true, null, 2.5),
      );
    case "number":
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
        fc.constantFrom("1,5", "Infinity", "", false, null),
      );
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "FALSE", "1", "0", 1, 0, 2, "yes", null));
    case "null":
      return fc.constantFrom(null, "null", "", 0, false, "x");
    case "array": {
      const item = sloppyValue(schema.items as JsonSchema | undefined, root, depth + 1);
      return fc.oneof(
        fc.array(item, { maxLength: 3 }),
        item,
        fc.array(item, { maxLength: 3 }).map((list) => JSON.stringify(list)),
      );
    }
    case "object":
      return sloppyObject(schema, root, depth);
    default:
      return smallJson;
  }
}

function sloppyObject(schema: JsonSchemaObject, root: JsonSchemaObject, depth: number) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  // Required keys are usually there (models rarely forget them), so many values can be repaired.
  const required = ((schema.required ?? []) as string[]).filter((key) => Object.hasOwn(properties, key));
  for (const [key, propertySchema] of Object.entries(properties)) {
    shape[key] = fc.oneof(
      { weight: 4, arbitrary: sloppyValue(propertySchema, root, depth + 1) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }
  const object = fc
    .tuple(fc.record(shape, { requiredKeys: required }), fc.dictionary(dangerousKey, smallJson, { maxKeys: 2 }))
    .map(([declared, extra]) => {
      const result: Record<string, unknown> = {};
      defineAll(result, declared as Record<string, unknown>);
      defineAll(result, extra);
      return result;
    });
  return fc.oneof({ weight: 5, arbitrary: object }, { weight: 1, arbitrary: object.map((value) => JSON.stringify(value)) });
}

/** Sloppy values for `schema` (a node of `root`). */
export function sloppyValue(
  schema: JsonSchema | undefined,
  root: JsonSchemaObject,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema === undefined || typeof schema === "boolean" || depth > 4) return smallJson;
  if (typeof schema.$ref === "string") return sloppyValue(resolve(root, schema.$ref), root, depth);
  if (Object.hasOwn(schema, "const")) return fc.constantFrom(schema.const, String(schema.const), null);
  if (Array.isArray(schema.enum)) {
    return fc.constantFrom(...schema.enum, ...schema.enum.map(String), "unknown");
  }
  if (Array.isArray(schema.anyOf)) {
    return fc.oneof(...(schema.anyOf as JsonSchema[]).map((branch) => sloppyValue(branch, root, depth + 1)));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return fc.oneof(...types.map((type) => forType(type, schema, root, depth)));
}
