// Rule I: a `$ref` with sibling constraints is replaced by its target plus the siblings.
import { setDataProperty } from "@toolwright/schema-coerce";
import {
  annotationKeywords,
  isSchemaObject,
  jsonEqual,
  resolveLocalRef,
  type SchemaObject,
} from "./schema-node";

/** Whether `node` has a `$ref` and a sibling that constrains (not only annotates). */
export function hasConstrainingRefSiblings(node: SchemaObject): boolean {
  return (
    typeof node.$ref === "string" &&
    Object.keys(node).some((key) => key !== "$ref" && !annotationKeywords.has(key))
  );
}

/** The inlined node and the target's pointer, or the reason it cannot be inlined. */
export type InlinedRef =
  | { readonly ok: true; readonly node: SchemaObject; readonly targetPointer: string }
  | { readonly ok: false; readonly reason: "external-ref" | "non-mergeable-allOf" };

/**
 * `target ∪ siblings`, keys in the node's order with the target's keys at the `$ref`'s place.
 * A keyword both define with different values makes it fail; annotations of the node win.
 */
export function inlineRef(node: SchemaObject, root: unknown): InlinedRef {
  const target = resolveLocalRef(root, node.$ref as string);
  if (target === undefined || !isSchemaObject(target.node)) {
    return { ok: false, reason: "external-ref" };
  }
  const targetNode = target.node;
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== "$ref") {
      if (
        Object.hasOwn(targetNode, key) &&
        !annotationKeywords.has(key) &&
        !jsonEqual(targetNode[key], value)
      ) {
        return { ok: false, reason: "non-mergeable-allOf" };
      }
      setDataProperty(result, key, value);
      continue;
    }
    for (const [targetKey, targetValue] of Object.entries(targetNode)) {
      if (!Object.hasOwn(node, targetKey)) setDataProperty(result, targetKey, targetValue);
    }
  }
  return { ok: true, node: result, targetPointer: target.pointer };
}
