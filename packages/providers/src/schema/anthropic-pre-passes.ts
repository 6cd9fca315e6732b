// Anthropic strict, before the SDK-equivalent transform (SPEC §8.4): P1 `definitions` → `$defs`,
// P2 nullable object/array type arrays → `anyOf`, P3 rule M, P4 rule I; and the situations the
// transform would silently get wrong (open objects, tuples, recursion, …) reported as problems.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { SchemaProblem } from "../compiled-tool";
import { hasConstrainingRefSiblings, inlineRef } from "./inline-ref";
import { mergeAllOf } from "./merge-all-of";
import type { NormalizedRoot } from "./normalize-root";
import { createRefCycles, type RefCycles } from "./ref-cycles";
import {
  appendPointer,
  dynamicRefKeywords,
  isLocalRef,
  isSchemaObject,
  resolveLocalRef,
  type SchemaObject,
  tupleKeywordOf,
} from "./schema-node";
import type { SourcePointers } from "./source-pointers";

const objectKeywords: ReadonlySet<string> = new Set([
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "unevaluatedProperties",
]);
const arrayKeywords: ReadonlySet<string> = new Set([
  "items",
  "prefixItems",
  "additionalItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "unevaluatedItems",
]);

/** The pre-passed schema and every problem found on the way. */
export interface AnthropicPrePassed {
  readonly schema: SchemaObject;
  readonly problems: readonly SchemaProblem[];
}

interface Walk {
  readonly root: SchemaObject;
  readonly sources: SourcePointers;
  readonly cycles: RefCycles;
  readonly problems: SchemaProblem[];
}

/** Runs P1–P4 over a Pass-0 root and reports what Anthropic strict mode cannot hold. */
export function prePassAnthropic(normalized: NormalizedRoot): AnthropicPrePassed {
  const root = renameDefinitions(normalized.schema);
  const walk: Walk = {
    root,
    sources: normalized.sources,
    cycles: createRefCycles(root),
    problems: [],
  };
  const schema = visit(
    root,
    normalized.sources.node(normalized.schema, ""),
    walk,
    true,
  ) as SchemaObject;
  return { schema, problems: walk.problems };
}

/** P1: root `definitions` become `$defs`, and every `#/definitions/…` ref follows. */
function renameDefinitions(root: SchemaObject): SchemaObject {
  if (!isSchemaObject(root.definitions)) return root;
  const text = JSON.stringify(root, (key, value) =>
    key === "$ref" && typeof value === "string" && value.startsWith("#/definitions/")
      ? `#/$defs/${value.slice("#/definitions/".length)}`
      : value,
  );
  const copy = JSON.parse(text) as SchemaObject;
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(copy)) {
    if (key === "definitions")
      setDataProperty(result, "$defs", {
        ...(isSchemaObject(copy.$defs) ? copy.$defs : {}),
        ...(value as object),
      });
    else if (key !== "$defs") setDataProperty(result, key, value);
  }
  return result;
}

function visit(node: unknown, fallbackPointer: string, walk: Walk, isRoot = false): unknown {
  const pointer = walk.sources.node(node, fallbackPointer);
  const problem = (keyword: string, reason: string): void => {
    walk.problems.push({ pointer, keyword, reason });
  };
  if (!isSchemaObject(node)) {
    problem(String(node), "untyped");
    return node;
  }
  if (Array.isArray(node.allOf)) {
    const merged = mergeAllOf(node, pointer, walk.root, true);
    if (merged !== undefined) {
      walk.sources.setProperties(merged.node.properties as object, merged.propertySources);
      return visit(merged.node, pointer, walk, isRoot);
    }
    problem("allOf", "non-mergeable-allOf");
  }
  if (typeof node.$ref === "string") {
    const ref = node.$ref;
    if (!isLocalRef(ref) || resolveLocalRef(walk.root, ref) === undefined)
      problem("$ref", "external-ref");
    else if (walk.cycles.isRecursive(ref)) problem("$ref", "recursive");
    else if (hasConstrainingRefSiblings(node)) {
      const inlined = inlineRef(node, walk.root);
      if (inlined.ok) return visit(inlined.node, pointer, walk, isRoot);
      problem("$ref", inlined.reason);
    }
  }
  for (const keyword of dynamicRefKeywords)
    if (Object.hasOwn(node, keyword)) problem(keyword, "dynamic-ref");
  if (Object.hasOwn(node, "$id") && !isRoot) problem("$id", "nested-id");
  const source = splitNullableType(node);
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(source)) {
    setDataProperty(result, key, visitChildren(key, value, source, pointer, walk));
  }
  checkShape(source, pointer, walk, isRoot);
  return result;
}

function visitChildren(
  key: string,
  value: unknown,
  node: SchemaObject,
  pointer: string,
  walk: Walk,
): unknown {
  if (key === "$defs" && isSchemaObject(value))
    return mapEntries(value, (name, child) =>
      visit(child, appendPointer(pointer, key, name), walk),
    );
  if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
    return value.map((branch, index) => visit(branch, appendPointer(pointer, key, index), walk));
  }
  if (key === "properties" && node.type === "object" && isSchemaObject(value)) {
    return mapEntries(value, (name, child) =>
      visit(child, walk.sources.property(value, name, appendPointer(pointer, key, name)), walk),
    );
  }
  if (key === "items" && node.type === "array" && isSchemaObject(value))
    return visit(value, appendPointer(pointer, key), walk);
  return value;
}

function mapEntries(
  value: SchemaObject,
  map: (name: string, child: unknown) => unknown,
): SchemaObject {
  const result: SchemaObject = {};
  for (const [name, child] of Object.entries(value))
    setDataProperty(result, name, map(name, child));
  return result;
}

/** P2: `type: [object|array, null]` → `anyOf: [{type, …its keywords}, {type: "null"}]`. */
function splitNullableType(node: SchemaObject): SchemaObject {
  const type = node.type;
  if (
    !Array.isArray(type) ||
    type.length !== 2 ||
    !type.includes("null") ||
    node.anyOf !== undefined
  )
    return node;
  const kind = type.find((entry) => entry !== "null");
  if (kind !== "object" && kind !== "array") return node;
  const keywords = kind === "object" ? objectKeywords : arrayKeywords;
  const branch: SchemaObject = { type: kind };
  for (const [key, value] of Object.entries(node))
    if (keywords.has(key)) setDataProperty(branch, key, value);
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "type") result.anyOf = [branch, { type: "null" }];
    else if (!keywords.has(key)) setDataProperty(result, key, value);
  }
  return result;
}

function checkShape(node: SchemaObject, pointer: string, walk: Walk, isRoot: boolean): void {
  const problem = (keyword: string, reason: string): void => {
    walk.problems.push({ pointer, keyword, reason });
  };
  if (node.type === "object") {
    const additional = node.additionalProperties;
    if (additional !== undefined && additional !== false)
      problem("additionalProperties", "open-object");
    if (node.patternProperties !== undefined) problem("patternProperties", "open-object");
    if (!isSchemaObject(node.properties) && !isRoot && additional !== false)
      problem("properties", "open-object");
  }
  if (node.type === "array") {
    const tuple = tupleKeywordOf(node);
    if (tuple !== undefined) problem(tuple, "tuple");
    else if (node.items === undefined) problem("items", "array-without-items");
  }
  const literal = (value: unknown): boolean => value === null || typeof value !== "object";
  const hasEnum = Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every(literal);
  const hasConst = node.const !== undefined && literal(node.const);
  const typed =
    hasEnum ||
    hasConst ||
    node.type !== undefined ||
    node.$ref !== undefined ||
    Array.isArray(node.anyOf) ||
    Array.isArray(node.oneOf) ||
    Array.isArray(node.allOf);
  if (!typed) problem("type", "untyped");
}
