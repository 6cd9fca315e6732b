/**
 * Reads keyword values out of a schema object, failing compilation with `INVALID_SCHEMA` and the
 * keyword's place when a value has the wrong shape (`{ type: 5 }`, `{ required: "a" }`).
 */
import type { CompileContext, SchemaNode } from "./schema-node";

export type SchemaObject = Readonly<Record<string, unknown>>;

function invalid(
  context: CompileContext,
  node: SchemaNode,
  keyword: string,
  expected: string,
): never {
  return context.fail(
    "INVALID_SCHEMA",
    `${node.pointer}/${keyword}`,
    `"${keyword}" must be ${expected}`,
  );
}

/** A finite number keyword, or `undefined` when absent. */
export function readNumber(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return invalid(context, node, keyword, "a number");
  }
  return value;
}

/** A non-negative integer keyword (`minLength`, `maxItems`, …), or `undefined` when absent. */
export function readCount(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    return invalid(context, node, keyword, "a non-negative integer");
  }
  return value;
}

/** A string keyword, or `undefined` when absent. */
export function readString(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): string | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "string") return invalid(context, node, keyword, "a string");
  return value;
}

/** An array-of-strings keyword (`required`), or `undefined` when absent. */
export function readStringArray(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): readonly string[] | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    return invalid(context, node, keyword, "an array of strings");
  }
  return value as string[];
}

/** An array of subschemas (`allOf`, `prefixItems`), or `undefined` when absent. */
export function readSchemaArray(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): readonly unknown[] | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    return invalid(context, node, keyword, "a non-empty array of schemas");
  }
  return value;
}

/** An object whose values are subschemas (`properties`, `$defs`), or `undefined` when absent. */
export function readSchemaMap(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): SchemaObject | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return invalid(context, node, keyword, "an object of schemas");
  }
  return value as SchemaObject;
}

/** Fails compilation for a keyword whose value has the wrong shape. */
export function failKeyword(
  context: CompileContext,
  node: SchemaNode,
  keyword: string,
  expected: string,
): never {
  return invalid(context, node, keyword, expected);
}
