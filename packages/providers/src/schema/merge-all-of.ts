// Rule M: an `allOf` of plain object schemas becomes one object (ordered union of properties,
// union of `required`). Anything else in a member makes the `allOf` non-mergeable.
import { setDataProperty } from "@toolwright/schema-coerce";
import {
  annotationKeywords,
  appendPointer,
  isSchemaObject,
  jsonEqual,
  resolveLocalRef,
  type SchemaObject,
} from "./schema-node";

const memberKeywords: ReadonlySet<string> = new Set([
  ...annotationKeywords,
  "type",
  "properties",
  "required",
  "additionalProperties",
]);

/** A merged `allOf` and where each property came from (pointers into the canonical schema). */
export interface MergedAllOf {
  readonly node: SchemaObject;
  readonly propertySources: ReadonlyMap<string, string>;
}

/**
 * Merges `node.allOf` into `node`, or returns `undefined` when a member is not a plain object
 * schema or two members disagree on a property. `closeAlways`: add `additionalProperties: false`
 * (strict dialects); otherwise only when every member had it.
 */
export function mergeAllOf(
  node: SchemaObject,
  pointer: string,
  root: unknown,
  closeAlways: boolean,
): MergedAllOf | undefined {
  const allOf = node.allOf;
  if (!Array.isArray(allOf) || allOf.length === 0) return undefined;
  const members: { schema: SchemaObject; pointer: string }[] = [];
  if (
    node.properties !== undefined ||
    node.required !== undefined ||
    node.additionalProperties !== undefined
  ) {
    members.push({ schema: node, pointer });
  }
  for (let index = 0; index < allOf.length; index++) {
    let member: unknown = allOf[index];
    let memberPointer = appendPointer(pointer, "allOf", index);
    const seen = new Set<string>();
    while (isSchemaObject(member) && typeof member.$ref === "string") {
      if (Object.keys(member).some((key) => key !== "$ref" && !annotationKeywords.has(key))) {
        return undefined;
      }
      const target = resolveLocalRef(root, member.$ref);
      if (target === undefined || seen.has(target.pointer)) return undefined;
      seen.add(target.pointer);
      member = target.node;
      memberPointer = target.pointer;
    }
    if (!isSchemaObject(member)) return undefined;
    for (const key of Object.keys(member)) if (!memberKeywords.has(key)) return undefined;
    if (member.type !== undefined && member.type !== "object") return undefined;
    if (member.properties !== undefined && !isSchemaObject(member.properties)) return undefined;
    if (member.required !== undefined && !Array.isArray(member.required)) return undefined;
    const additional = member.additionalProperties;
    if (additional !== undefined && additional !== false && additional !== true) return undefined;
    members.push({ schema: member, pointer: memberPointer });
  }

  const properties: SchemaObject = {};
  const propertySources = new Map<string, string>();
  const required: string[] = [];
  const requiredNames = new Set<string>();
  let everyClosed = true;
  for (const member of members) {
    const memberProperties = (member.schema.properties ?? {}) as SchemaObject;
    for (const [name, schema] of Object.entries(memberProperties)) {
      if (Object.hasOwn(properties, name)) {
        if (!jsonEqual(properties[name], schema)) return undefined;
        continue;
      }
      setDataProperty(properties, name, schema);
      propertySources.set(name, appendPointer(member.pointer, "properties", name));
    }
    for (const name of (member.schema.required ?? []) as unknown[]) {
      if (typeof name !== "string" || requiredNames.has(name)) continue;
      requiredNames.add(name);
      required.push(name);
    }
    if (member.schema.additionalProperties !== false) everyClosed = false;
  }
  const merged: Record<string, unknown> = {
    type: "object",
    properties,
    required,
    additionalProperties: closeAlways || everyClosed ? false : undefined,
  };
  const result: SchemaObject = {};
  const mergedKeys = ["type", "properties", "required", "additionalProperties"];
  for (const [key, value] of Object.entries(node)) {
    if (key === "allOf") {
      for (const mergedKey of mergedKeys) {
        if (!Object.hasOwn(node, mergedKey) && merged[mergedKey] !== undefined) {
          setDataProperty(result, mergedKey, merged[mergedKey]);
        }
      }
    } else if (mergedKeys.includes(key)) {
      if (merged[key] !== undefined) setDataProperty(result, key, merged[key]);
    } else {
      setDataProperty(result, key, value);
    }
  }
  return { node: result, propertySources };
}
