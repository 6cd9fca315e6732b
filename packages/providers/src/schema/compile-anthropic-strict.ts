// Anthropic strict (SPEC §8.4): the pre-passed schema goes through the same rules as
// `transformJSONSchema` of @anthropic-ai/sdk 1.15.0 (our own implementation; the SDK is the test
// oracle). Keys stay in canonical order; what Anthropic cannot enforce moves into the description.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { RelaxedKeyword } from "../compiled-tool";
import { areBranchesDisjoint } from "./disjoint-branches";
import { relaxDescription } from "./relax-description";
import { appendPointer, isSchemaObject, type SchemaObject } from "./schema-node";

const supportedFormats: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
]);

/** The schema Anthropic receives and the keywords moved into descriptions. */
export interface AnthropicCompilation {
  readonly schema: SchemaObject;
  readonly relaxed: readonly RelaxedKeyword[];
  /** Pointers of object nodes that left `additionalProperties` unset (now closed). */
  readonly closed: readonly string[];
}

/** What one transform walk collects besides the schema. */
interface Notes {
  readonly relaxed: RelaxedKeyword[];
  readonly closed: string[];
}

/** Transforms a pre-passed schema (see `prePassAnthropic`). Never throws. */
export function compileAnthropicStrict(
  schema: SchemaObject,
  rootPointer: string,
): AnthropicCompilation {
  const notes: Notes = { relaxed: [], closed: [] };
  const result = transform(schema, rootPointer, notes, schema);
  return { schema: result, relaxed: notes.relaxed, closed: notes.closed };
}

const isLiteral = (value: unknown): boolean => value === null || typeof value !== "object";

function transform(node: unknown, pointer: string, notes: Notes, root: SchemaObject): SchemaObject {
  if (!isSchemaObject(node)) return {};
  const kept = new Map<string, unknown>();
  const remaining: [string, unknown][] = [];
  const movedLast: [string, unknown][] = [];
  const enumValues = node.enum;
  const keepEnum =
    Array.isArray(enumValues) && enumValues.length > 0 && enumValues.every(isLiteral);
  const keepConst = node.const !== undefined && isLiteral(node.const);
  const hasLiterals = keepEnum || keepConst;
  const type = hasLiterals ? undefined : node.type;
  const union = Array.isArray(node.anyOf)
    ? "anyOf"
    : Array.isArray(node.oneOf)
      ? "oneOf"
      : Array.isArray(node.allOf)
        ? "allOf"
        : undefined;
  if (typeof node.$ref === "string") {
    const onlyRef: SchemaObject = {};
    for (const key of Object.keys(node)) {
      if (key === "$defs")
        setDataProperty(
          onlyRef,
          key,
          transformMap(node.$defs, appendPointer(pointer, key), notes, root),
        );
      if (key === "$ref") onlyRef.$ref = node.$ref;
    }
    return onlyRef;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === "$defs")
      kept.set(key, transformMap(value, appendPointer(pointer, key), notes, root));
    else if (key === "enum" && keepEnum) kept.set(key, value);
    else if (key === "const" && keepConst) kept.set(key, value);
    else if (key === "type") {
      if (union === undefined && type !== undefined) kept.set(key, value);
    } else if (key === "anyOf" || key === "oneOf" || key === "allOf") {
      if (key !== union || !Array.isArray(value)) continue;
      const branches = value.map((branch, index) =>
        transform(branch, appendPointer(pointer, key, index), notes, root),
      );
      if (key === "oneOf" && !areBranchesDisjoint(value, root))
        notes.relaxed.push({ schemaPath: pointer, keyword: "oneOf", value: "anyOf" });
      kept.set(key === "allOf" ? "allOf" : "anyOf", branches);
    } else if (key === "$schema") continue;
    else if (key === "description" || key === "title") kept.set(key, value);
    else if (type === "object" && key === "properties") {
      kept.set(key, transformMap(value ?? {}, appendPointer(pointer, key), notes, root));
    } else if (type === "object" && key === "additionalProperties") kept.set(key, false);
    else if (type === "object" && key === "required") kept.set(key, value);
    else if (type === "string" && key === "format") {
      if (typeof value === "string" && supportedFormats.has(value)) kept.set(key, value);
      else movedLast.push([key, value]);
    } else if (type === "array" && key === "items")
      kept.set(key, transform(value, appendPointer(pointer, key), notes, root));
    else if (type === "array" && key === "minItems") {
      if (value === 0 || value === 1) kept.set(key, value);
      else movedLast.push([key, value]);
    } else remaining.push([key, value]);
  }
  if (type === "object") {
    if (!kept.has("properties")) kept.set("properties", {});
    if (!kept.has("additionalProperties")) {
      kept.set("additionalProperties", false);
      notes.closed.push(pointer);
    }
  }
  const relaxedEntries = [...remaining, ...movedLast];
  for (const [keyword, value] of relaxedEntries)
    notes.relaxed.push({ schemaPath: pointer, keyword, value });
  if (relaxedEntries.length > 0)
    kept.set("description", relaxDescription(kept.get("description"), relaxedEntries));
  const result: SchemaObject = {};
  for (const [key, value] of kept) setDataProperty(result, key, value);
  return result;
}

function transformMap(
  value: unknown,
  pointer: string,
  notes: Notes,
  root: SchemaObject,
): SchemaObject {
  const result: SchemaObject = {};
  if (!isSchemaObject(value)) return result;
  for (const [name, child] of Object.entries(value)) {
    setDataProperty(result, name, transform(child, appendPointer(pointer, name), notes, root));
  }
  return result;
}
