// Gemini's OpenAPI-subset `parameters` field (SPEC §8.5, opt-in with `schemaField: "parameters"`):
// refs inlined, `allOf` merged, literals as string enums, nullability as `nullable`, upper-case
// types, and every key outside Gemini's `Schema` moved into the description. A recursive ref, a
// non-mergeable `allOf`, a tuple or a property name Gemini refuses makes the tool fall back to
// `parametersJsonSchema`.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { RelaxedKeyword } from "../compiled-tool";
import { mergeAllOf } from "./merge-all-of";
import type { NormalizedRoot } from "./normalize-root";
import { createRefCycles } from "./ref-cycles";
import { relaxDescription } from "./relax-description";
import {
  appendPointer,
  isSchemaObject,
  readTypes,
  resolveLocalRef,
  type SchemaObject,
  tupleKeywordOf,
} from "./schema-node";

/** The OpenAPI schema, or why the tool falls back to `parametersJsonSchema`. */
export type GeminiParametersCompilation =
  | {
      readonly ok: true;
      readonly schema: SchemaObject;
      readonly relaxed: readonly RelaxedKeyword[];
      readonly jsonEncoded: ReadonlySet<object>;
    }
  | { readonly ok: false; readonly reason: string };

/** The keys of Gemini's `Schema` (a type test checks them against `keyof Schema` of the SDK). */
export const geminiSchemaKeys = [
  "anyOf",
  "default",
  "description",
  "enum",
  "example",
  "format",
  "items",
  "maxItems",
  "maxLength",
  "maxProperties",
  "maximum",
  "minItems",
  "minLength",
  "minProperties",
  "minimum",
  "nullable",
  "pattern",
  "properties",
  "propertyOrdering",
  "required",
  "title",
  "type",
] as const;

/** One key of Gemini's `Schema`. */
export type GeminiSchemaKey = (typeof geminiSchemaKeys)[number];

const schemaKeys: ReadonlySet<string> = new Set(geminiSchemaKeys);
const int64Keys: ReadonlySet<string> = new Set([
  "maxItems",
  "maxLength",
  "maxProperties",
  "minItems",
  "minLength",
  "minProperties",
]);
const propertyName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const silentlyDropped: ReadonlySet<string> = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
]);

class Fallback extends Error {}

interface Walk {
  readonly root: SchemaObject;
  readonly relaxed: RelaxedKeyword[];
  readonly jsonEncoded: Set<object>;
  readonly cycles: ReturnType<typeof createRefCycles>;
}

/** Compiles a Pass-0 root into Gemini's OpenAPI subset. Never throws. */
export function compileGeminiParameters(normalized: NormalizedRoot): GeminiParametersCompilation {
  const walk: Walk = {
    root: normalized.schema,
    relaxed: [],
    jsonEncoded: new Set(),
    cycles: createRefCycles(normalized.schema),
  };
  try {
    const schema = convert(normalized.schema, normalized.sources.node(normalized.schema, ""), walk);
    return { ok: true, schema, relaxed: walk.relaxed, jsonEncoded: walk.jsonEncoded };
  } catch (error) {
    if (error instanceof Fallback) return { ok: false, reason: error.message };
    throw error;
  }
}

function resolve(node: unknown, walk: Walk): unknown {
  let current = node;
  for (let hops = 0; isSchemaObject(current) && typeof current.$ref === "string"; hops++) {
    const ref = current.$ref;
    if (hops > 32 || walk.cycles.isRecursive(ref)) throw new Fallback(`recursive $ref ${ref}`);
    const target = resolveLocalRef(walk.root, ref);
    if (target === undefined || !isSchemaObject(target.node))
      throw new Fallback(`unresolvable $ref ${ref}`);
    const { $ref: _ref, ...siblings } = current;
    current = { ...target.node, ...siblings };
  }
  if (isSchemaObject(current) && Array.isArray(current.allOf)) {
    const merged = mergeAllOf(current, "", walk.root, false);
    if (merged === undefined) throw new Fallback("an allOf that cannot be merged");
    return resolve(merged.node, walk);
  }
  return current;
}

function convert(input: unknown, pointer: string, walk: Walk): SchemaObject {
  const node = resolve(input, walk);
  if (!isSchemaObject(node) || !isTyped(node)) return jsonEncodedString(node, walk);
  // `Schema.items` is one schema: a tuple has no OpenAPI form (reported at the keyword every
  // compiler names).
  const tuple = tupleKeywordOf(node);
  if (tuple !== undefined) throw new Fallback(`a tuple (${tuple}) at ${JSON.stringify(pointer)}`);
  const result: SchemaObject = {};
  const relaxedEntries: [string, unknown][] = [];
  const relax = (keyword: string, value: unknown): void => {
    relaxedEntries.push([keyword, value]);
    walk.relaxed.push({ schemaPath: pointer, keyword, value });
  };
  const types = readTypes(node);
  const nonNull = types.filter((type) => type !== "null");
  let branches = Array.isArray(node.anyOf)
    ? node.anyOf
    : Array.isArray(node.oneOf)
      ? node.oneOf
      : undefined;
  if (Array.isArray(node.oneOf) && !Array.isArray(node.anyOf))
    walk.relaxed.push({ schemaPath: pointer, keyword: "oneOf", value: "anyOf" });
  if (branches !== undefined) {
    const withoutNull = branches.filter(
      (branch) => !(isSchemaObject(branch) && branch.type === "null"),
    );
    if (withoutNull.length < branches.length) result.nullable = true;
    branches = withoutNull;
  }
  if (types.includes("null")) result.nullable = true;
  for (const [key, value] of Object.entries(node)) {
    if (key === "type") {
      if (nonNull.length === 1) result.type = (nonNull[0] as string).toUpperCase();
      else if (nonNull.length > 1)
        result.anyOf = nonNull.map((type) => ({ type: type.toUpperCase() }));
    } else if (key === "anyOf" || key === "oneOf") {
      if (branches === undefined) continue;
      const converted = branches.map((branch, index) =>
        convert(branch, appendPointer(pointer, key, index), walk),
      );
      if (converted.length === 1) Object.assign(result, converted[0]);
      else result.anyOf = converted;
      branches = undefined;
    } else if (key === "const") {
      Object.assign(result, literalEnum([value]));
    } else if (key === "enum" && Array.isArray(value)) {
      if (value.includes(null)) result.nullable = true;
      Object.assign(result, literalEnum(value));
    } else if (key === "properties" && isSchemaObject(value)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const properties: SchemaObject = {};
      for (const [name, child] of Object.entries(value)) {
        if (!propertyName.test(name)) throw new Fallback(`property name ${JSON.stringify(name)}`);
        const resolved = resolve(child, walk);
        if (!required.has(name) && isSchemaObject(resolved) && resolved.type === "null") {
          relax(`properties.${name}`, child);
          continue;
        }
        setDataProperty(properties, name, convert(child, appendPointer(pointer, key, name), walk));
      }
      result.properties = properties;
    } else if (key === "required" && Array.isArray(value)) {
      const declared = isSchemaObject(node.properties) ? node.properties : {};
      const undeclared = value.filter(
        (name) => typeof name !== "string" || !Object.hasOwn(declared, name),
      );
      result.required = value.filter(
        (name) =>
          typeof name === "string" &&
          Object.hasOwn(declared, name) &&
          !(
            isSchemaObject(resolve(declared[name], walk)) &&
            (resolve(declared[name], walk) as SchemaObject).type === "null"
          ),
      );
      // Gemini refuses a required name its `properties` do not declare; the constraint stays
      // visible to the model in the description (and in the warnings) instead of vanishing.
      if (undeclared.length > 0) relax("required", undeclared);
    } else if (key === "default" && value === null) {
      // The Gemini SDK strips `default: null` too: it says nothing a model can use.
    } else if (key === "items" && !Array.isArray(value)) {
      result.items = convert(value, appendPointer(pointer, key), walk);
    } else if (int64Keys.has(key) && typeof value === "number") {
      result[key] = String(value);
    } else if (
      key === "description" ||
      (schemaKeys.has(key) && key !== "nullable" && key !== "propertyOrdering")
    ) {
      if (!Object.hasOwn(result, key)) setDataProperty(result, key, value);
    } else if (!silentlyDropped.has(key)) {
      relax(key, value);
    }
  }
  if (relaxedEntries.length > 0)
    result.description = relaxDescription(result.description, relaxedEntries);
  return result;
}

function isTyped(node: SchemaObject): boolean {
  return ["type", "enum", "const", "anyOf", "oneOf"].some((key) => Object.hasOwn(node, key));
}

/** `enum` of strings; other literals stringified with `format: "enum"` (coercion turns them back). */
function literalEnum(values: readonly unknown[]): SchemaObject {
  const present = values.filter((value) => value !== null);
  if (present.every((value) => typeof value === "string")) return { type: "STRING", enum: present };
  return {
    type: "STRING",
    format: "enum",
    enum: present.map((value) => (typeof value === "string" ? value : JSON.stringify(value))),
  };
}

function jsonEncodedString(node: unknown, walk: Walk): SchemaObject {
  const description =
    isSchemaObject(node) && typeof node.description === "string" ? `${node.description} ` : "";
  const result = { type: "STRING", description: `${description}(any JSON value, JSON-encoded)` };
  walk.jsonEncoded.add(result);
  return result;
}
