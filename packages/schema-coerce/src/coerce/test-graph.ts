/**
 * Test-only: a small SchemaGraph over a simple checker, so the passes can be unit-tested in
 * isolation from the validator. Covers the keywords the coercion tests use; not a validator.
 */
import type { SchemaGraph } from "../schema-graph";
import type { CoercionChange, CompileOptions, JsonSchema, JsonSchemaObject } from "../types";
import { CoercionRun } from "./coercion-run";
import { isJsonEqual } from "./is-json-equal";
import { isPlainObject } from "./is-plain-object";
import { matchesJsonType } from "./matches-json-type";

/** A graph for `root` whose `accepts` is the simple checker below. */
export function createTestGraph(root: JsonSchema, options: CompileOptions = {}): SchemaGraph {
  const graph: SchemaGraph = {
    draft: options.draft ?? "2020-12",
    root,
    options,
    accepts: (node, value) => {
      try {
        return check(graph, node, value);
      } catch {
        return false;
      }
    },
    resolveRef: (node) => resolvePointer(root, node.$ref),
    pattern: (source) => new RegExp(source, "u"),
  };
  return graph;
}

function resolvePointer(root: JsonSchema, ref: unknown): JsonSchema | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  let current: unknown = root;
  for (const segment of ref.slice(1).split("/").slice(1)) {
    if (!isPlainObject(current)) return undefined;
    current = current[segment.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return typeof current === "boolean" || isPlainObject(current)
    ? (current as JsonSchema)
    : undefined;
}

function check(graph: SchemaGraph, node: JsonSchema, value: unknown): boolean {
  if (typeof node === "boolean") return node;
  const schema: JsonSchemaObject = node;
  if (schema.$ref !== undefined) {
    const target = graph.resolveRef(schema);
    if (target === undefined || !check(graph, target, value)) return false;
  }
  const types =
    typeof schema.type === "string" ? [schema.type] : (schema.type as string[] | undefined);
  if (types !== undefined && !types.some((type) => matchesJsonType(type, value))) return false;
  if (Object.hasOwn(schema, "const") && !isJsonEqual(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((member) => isJsonEqual(member, value))) {
    return false;
  }
  const all = (list: unknown) => (list as JsonSchema[]).every((item) => check(graph, item, value));
  const count = (list: unknown) =>
    (list as JsonSchema[]).filter((item) => check(graph, item, value)).length;
  if (schema.allOf !== undefined && !all(schema.allOf)) return false;
  if (schema.anyOf !== undefined && count(schema.anyOf) === 0) return false;
  if (schema.oneOf !== undefined && count(schema.oneOf) !== 1) return false;
  if (schema.not !== undefined && check(graph, schema.not as JsonSchema, value)) return false;
  if (typeof value === "string" && typeof schema.minLength === "number") {
    if ([...value].length < schema.minLength) return false;
  }
  if (typeof value === "number" && typeof schema.minimum === "number") {
    if (value < schema.minimum) return false;
  }
  if (isPlainObject(value)) return checkObject(graph, schema, value);
  if (Array.isArray(value)) return checkArray(graph, schema, value);
  return true;
}

function checkObject(graph: SchemaGraph, schema: JsonSchemaObject, value: Record<string, unknown>) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, JsonSchema>);
  for (const key of (schema.required ?? []) as string[])
    if (!Object.hasOwn(value, key)) return false;
  for (const [key, item] of Object.entries(value)) {
    let matched = false;
    if (Object.hasOwn(properties, key)) {
      matched = true;
      if (!check(graph, properties[key] as JsonSchema, item)) return false;
    }
    for (const [source, patternSchema] of patterns) {
      if (!graph.pattern(source).test(key)) continue;
      matched = true;
      if (!check(graph, patternSchema, item)) return false;
    }
    const additional = schema.additionalProperties as JsonSchema | undefined;
    if (!matched && additional !== undefined && !check(graph, additional, item)) return false;
  }
  return true;
}

function checkArray(graph: SchemaGraph, schema: JsonSchemaObject, value: unknown[]) {
  const tuple = (Array.isArray(schema.items) ? schema.items : schema.prefixItems) as
    | JsonSchema[]
    | undefined;
  const rest = (Array.isArray(schema.items) ? schema.additionalItems : schema.items) as
    | JsonSchema
    | undefined;
  return value.every((item, index) => {
    const itemSchema = tuple !== undefined && index < tuple.length ? tuple[index] : rest;
    return itemSchema === undefined || check(graph, itemSchema, item);
  });
}

/** One pass's function, as the pipeline calls it. */
export type Pass = (run: CoercionRun, node: JsonSchema, value: unknown) => unknown;

/** Runs one pass alone on `value` and returns the result with the changes it recorded. */
export function runPass(
  pass: Pass,
  schema: JsonSchema,
  value: unknown,
  options: CompileOptions = {},
): { value: unknown; changes: CoercionChange[] } {
  const graph = createTestGraph(schema, { coerce: true, ...options });
  const changes: CoercionChange[] = [];
  const run = new CoercionRun(graph, new Map(), changes);
  return { value: pass(run, schema, value), changes };
}
