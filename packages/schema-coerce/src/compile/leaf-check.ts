/**
 * Leaf codes: a property or item schema that is only `{ type: <one primitive type> }` (or `true`,
 * `{}`), or a number / integer with nothing but `minimum` / `maximum`, is checked by a `switch` on
 * a small code instead of a call to its closure. Closure calls from one object-check site are
 * megamorphic (every schema has its own closures), so this keeps the common leaves inlined in the
 * hot loop.
 */
import type { SchemaNode } from "./schema-node";
import { sharedLocation } from "./shared-location";

export const LEAF_NONE = 0;
const LEAF_ANY = 1;
const LEAF_STRING = 2;
const LEAF_NUMBER = 3;
const LEAF_INTEGER = 4;
const LEAF_BOOLEAN = 5;
const LEAF_NULL = 6;
const LEAF_NUMBER_RANGE = 7;
const LEAF_INTEGER_RANGE = 8;

/** The leaf code of a single primitive type name ({@link LEAF_NONE} for the others). */
function leafOfType(type: string): number {
  switch (type) {
    case "string":
      return LEAF_STRING;
    case "number":
      return LEAF_NUMBER;
    case "integer":
      return LEAF_INTEGER;
    case "boolean":
      return LEAF_BOOLEAN;
    case "null":
      return LEAF_NULL;
    default:
      return LEAF_NONE;
  }
}

/** Keywords that never change what a node accepts (a node with `$id` or `$anchor` is not one). */
export const annotationKeywords: ReadonlySet<string> = new Set([
  "type",
  "title",
  "description",
  "default",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** The leaf code of a compiled node, or {@link LEAF_NONE} when it needs its closure. */
export function leafCodeOf(node: SchemaNode): number {
  const schema = node.schema;
  if (schema === true) return LEAF_ANY;
  // A shared type-only node: its schema is `{}` or `{ type }` and nothing else.
  if (node.location === sharedLocation && typeof schema === "object") {
    const type = schema.type;
    return type === undefined ? LEAF_ANY : typeof type === "string" ? leafOfType(type) : LEAF_NONE;
  }
  if (typeof schema !== "object" || !node.compiled) return LEAF_NONE;
  let code = LEAF_ANY;
  let ranged = false;
  for (const key in schema) {
    if (annotationKeywords.has(key)) continue;
    if ((key === "minimum" || key === "maximum") && typeof schema[key] === "number") {
      ranged = true;
      continue;
    }
    return LEAF_NONE;
  }
  const type = schema.type;
  if (type !== undefined) {
    code = typeof type === "string" ? leafOfType(type) : LEAF_NONE;
    if (code === LEAF_NONE) return LEAF_NONE;
  }
  if (!ranged) return code;
  if (code === LEAF_NUMBER) return LEAF_NUMBER_RANGE;
  if (code === LEAF_INTEGER) return LEAF_INTEGER_RANGE;
  return LEAF_NONE;
}

/** The inclusive `minimum` of a ranged leaf (`-Infinity` when unbounded). */
export function leafLowOf(node: SchemaNode): number {
  if (node.location === sharedLocation) return -Infinity;
  const minimum = typeof node.schema === "object" ? node.schema.minimum : undefined;
  return typeof minimum === "number" ? minimum : -Infinity;
}

/** The inclusive `maximum` of a ranged leaf (`Infinity` when unbounded). */
export function leafHighOf(node: SchemaNode): number {
  if (node.location === sharedLocation) return Infinity;
  const maximum = typeof node.schema === "object" ? node.schema.maximum : undefined;
  return typeof maximum === "number" ? maximum : Infinity;
}

/**
 * Whether `value` passes the leaf schema `code` (never {@link LEAF_NONE}); `low` and `high` are
 * its {@link leafLowOf} and {@link leafHighOf} (read only by the ranged codes).
 */
export function isLeafValid(code: number, value: unknown, low: number, high: number): boolean {
  switch (code) {
    case LEAF_NUMBER_RANGE:
      return typeof value === "number" && Number.isFinite(value) && value >= low && value <= high;
    case LEAF_INTEGER_RANGE:
      return typeof value === "number" && Number.isInteger(value) && value >= low && value <= high;
    case LEAF_STRING:
      return typeof value === "string";
    case LEAF_NUMBER:
      return typeof value === "number" && Number.isFinite(value);
    case LEAF_INTEGER:
      return Number.isInteger(value);
    case LEAF_BOOLEAN:
      return typeof value === "boolean";
    case LEAF_NULL:
      return value === null;
    default:
      return true;
  }
}
