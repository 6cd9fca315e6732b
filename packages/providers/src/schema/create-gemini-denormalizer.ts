// The way back from Gemini's OpenAPI `parameters`: a value sent for a typeless node arrives as a
// JSON-encoded string and is parsed back (when it parses); then a wrapped root is unwrapped.
// Stringified enum literals need nothing here: schema-coerce turns "2" back into 2.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { Denormalize } from "./create-denormalizer";
import { isSchemaObject, readTypes, type SchemaObject } from "./schema-node";

/** Builds the de-normaliser of a tool sent with Gemini's `parameters` field. Never throws. */
export function createGeminiDenormalizer(
  emitted: SchemaObject,
  wrapped: boolean,
  jsonEncoded: ReadonlySet<object>,
): Denormalize {
  const walk = (schema: unknown, value: unknown, depth: number): unknown => {
    if (!isSchemaObject(schema) || depth > 256) return value;
    if (jsonEncoded.has(schema)) {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }
    if (Array.isArray(schema.anyOf)) {
      const branch = schema.anyOf.find(
        (candidate) => isSchemaObject(candidate) && matchesType(candidate, value),
      );
      return branch === undefined ? value : walk(branch, value, depth + 1);
    }
    if (isSchemaObject(value) && isSchemaObject(schema.properties)) {
      let copy: SchemaObject | undefined;
      for (const [key, child] of Object.entries(schema.properties)) {
        if (!Object.hasOwn(value, key)) continue;
        const next = walk(child, value[key], depth + 1);
        if (next !== value[key]) {
          copy ??= { ...value };
          setDataProperty(copy, key, next);
        }
      }
      return copy ?? value;
    }
    if (Array.isArray(value) && isSchemaObject(schema.items)) {
      const next = value.map((entry) => walk(schema.items, entry, depth + 1));
      return next.some((entry, index) => entry !== value[index]) ? next : value;
    }
    return value;
  };
  return (args) => {
    const walked = jsonEncoded.size > 0 ? walk(emitted, args, 0) : args;
    if (
      wrapped &&
      isSchemaObject(walked) &&
      Object.keys(walked).length === 1 &&
      isSchemaObject(walked.input)
    ) {
      return walked.input as Record<string, unknown>;
    }
    return walked as Record<string, unknown>;
  };
}

function matchesType(schema: SchemaObject, value: unknown): boolean {
  const type = readTypes(schema)[0]?.toLowerCase();
  if (type === undefined) return true;
  if (value === null) return schema.nullable === true;
  if (type === "integer" || type === "number") return typeof value === "number";
  if (type === "array") return Array.isArray(value);
  if (type === "object") return isSchemaObject(value);
  return typeof value === type;
}
