/**
 * Finds the first explicit object node (`type: "object"`, or a type list with `"object"`) of a
 * schema document that leaves `additionalProperties` unset — for `requireClosedObjects`. Schemas
 * of values that go to programs and to providers' structured-output modes need every object
 * closed (or explicitly open); leaving it unset is almost always an oversight. The walk covers the
 * whole document, `$defs` included (a provider receives all of it), each node once.
 */

import { toJsonPointer } from "../to-json-pointer";

const SCHEMA_KEYWORDS = [
  "additionalProperties",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
];
const SCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SCHEMA_MAP_KEYWORDS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
];

/** The JSON Pointer (into the schema; `/` for the root) of the first open object node, or `undefined`. */
export function findOpenObjectNode(schema: unknown): string | undefined {
  const seen = new Set<object>();
  const pending: Array<{ node: unknown; pointer: string }> = [{ node: schema, pointer: "" }];
  while (pending.length > 0) {
    const { node, pointer } = pending.pop()!;
    if (typeof node !== "object" || node === null || Array.isArray(node) || seen.has(node))
      continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (isObjectType(record.type) && !Object.hasOwn(record, "additionalProperties")) {
      return pointer === "" ? "/" : pointer;
    }
    // Push in reverse so the walk reports the first open node in document order.
    const children: Array<{ node: unknown; pointer: string }> = [];
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = record[keyword];
      if (typeof map !== "object" || map === null) continue;
      for (const [key, child] of Object.entries(map)) {
        children.push({ node: child, pointer: `${pointer}/${keyword}${toJsonPointer([key])}` });
      }
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = record[keyword];
      if (!Array.isArray(list)) continue;
      for (const [index, child] of list.entries()) {
        children.push({ node: child, pointer: `${pointer}/${keyword}/${index}` });
      }
    }
    const items = record.items;
    if (Array.isArray(items)) {
      for (const [index, child] of items.entries()) {
        children.push({ node: child, pointer: `${pointer}/items/${index}` });
      }
    } else {
      children.push({ node: items, pointer: `${pointer}/items` });
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      children.push({ node: record[keyword], pointer: `${pointer}/${keyword}` });
    }
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
  }
  return undefined;
}

function isObjectType(type: unknown): boolean {
  return type === "object" || (Array.isArray(type) && type.includes("object"));
}
