// Small helpers every schema pass shares: what a schema object is, JSON Pointers, local `$ref`s.
import { toJsonPointer } from "@toolwright/schema-coerce";

/** A JSON Schema object node, as the passes read it. */
export type SchemaObject = Record<string, unknown>;

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords that only describe: they never change which values a schema accepts. */
export const annotationKeywords: ReadonlySet<string> = new Set([
  "description",
  "title",
  "$comment",
  "examples",
  "default",
  "readOnly",
  "writeOnly",
  "deprecated",
]);

/** Keywords of dynamic or anchor-based references: no provider's strict mode resolves them. */
export const dynamicRefKeywords: readonly string[] = [
  "$dynamicRef",
  "$recursiveRef",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
];

/** `pointer` plus one escaped segment. */
export function appendPointer(pointer: string, ...segments: readonly (string | number)[]): string {
  return pointer + toJsonPointer(segments);
}

/** Whether `ref` points inside the same document (`#` or `#/…`). */
export function isLocalRef(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}

/** The node a local `$ref` names inside `root`, and its pointer; `undefined` when it names nothing. */
export function resolveLocalRef(
  root: unknown,
  ref: string,
): { readonly node: unknown; readonly pointer: string } | undefined {
  if (!isLocalRef(ref)) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  let node: unknown = root;
  if (pointer === "") return { node, pointer };
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isSchemaObject(node) && Object.hasOwn(node, segment)) {
      node = node[segment];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return { node, pointer };
}

/** The `type` keyword as a list (`[]` when absent or malformed). */
export function readTypes(node: SchemaObject): readonly string[] {
  const type = node.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type))
    return type.filter((entry): entry is string => typeof entry === "string");
  return [];
}

/** Deep equality of two JSON values, key order ignored. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left)) {
    return (
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((entry, index) => jsonEqual(entry, right[index]))
    );
  }
  if (!isSchemaObject(left) || !isSchemaObject(right)) return false;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}

/**
 * The keyword that makes `node` a tuple, where every compiler reports it: `prefixItems` (2020-12,
 * whatever `items` says after it), else `items` when it is an array (draft 7). `undefined` for a
 * node that is not a tuple (`additionalItems` alone is not one: it means nothing without an `items`
 * array).
 */
export function tupleKeywordOf(node: SchemaObject): "prefixItems" | "items" | undefined {
  if (node.prefixItems !== undefined) return "prefixItems";
  return Array.isArray(node.items) ? "items" : undefined;
}
