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

/** Reads `keyword`: `undefined` when absent, the value when `accepts` it, else fails compiling. */
function readKeyword<T>(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
  accepts: (value: unknown) => boolean,
  expected: string,
): T | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (!accepts(value)) return invalid(context, node, keyword, expected);
  return value as T;
}

type KeywordReader<T> = (
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
) => T | undefined;

function keywordReader<T>(
  accepts: (value: unknown) => boolean,
  expected: string,
): KeywordReader<T> {
  return (schema, keyword, node, context) =>
    readKeyword<T>(schema, keyword, node, context, accepts, expected);
}

/** A finite number keyword, or `undefined` when absent. */
export const readNumber: KeywordReader<number> = keywordReader(
  (value) => typeof value === "number" && Number.isFinite(value),
  "a number",
);

/** A non-negative integer keyword (`minLength`, `maxItems`, …), or `undefined` when absent. */
export const readCount: KeywordReader<number> = keywordReader(
  (value) => typeof value === "number" && Number.isInteger(value) && value >= 0,
  "a non-negative integer",
);

/** A string keyword, or `undefined` when absent. */
export const readString: KeywordReader<string> = keywordReader(
  (value) => typeof value === "string",
  "a string",
);

/** An array-of-strings keyword (`required`), or `undefined` when absent. */
export const readStringArray: KeywordReader<readonly string[]> = keywordReader(
  (value) => Array.isArray(value) && value.every((item) => typeof item === "string"),
  "an array of strings",
);

/** An array of subschemas (`allOf`, `prefixItems`), or `undefined` when absent. */
export const readSchemaArray: KeywordReader<readonly unknown[]> = keywordReader(
  (value) => Array.isArray(value) && value.length > 0,
  "a non-empty array of schemas",
);

/** An object whose values are subschemas (`properties`, `$defs`), or `undefined` when absent. */
export const readSchemaMap: KeywordReader<SchemaObject> = keywordReader(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "an object of schemas",
);

/** Fails compilation for a keyword whose value has the wrong shape. */
export function failKeyword(
  context: CompileContext,
  node: SchemaNode,
  keyword: string,
  expected: string,
): never {
  return invalid(context, node, keyword, expected);
}
