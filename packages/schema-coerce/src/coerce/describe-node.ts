import type { SchemaGraph } from "../schema-graph";
import type { JsonSchema, JsonSchemaObject, PatternMatcher } from "../types";
import { type CopyObject, copyWithoutWalk, dealObjectCopier } from "./copy-object";
import { toPointerSegment } from "./to-pointer-segment";

/** Which pass-2 rule a node applies (SPEC §1.4: the first that applies, in this order). */
export type ConvertRule =
  | "const"
  | "enum"
  | "union"
  | "all-of"
  | "type"
  | "implicit-object"
  | "implicit-array"
  | "none";

/** A `patternProperties` entry with its matcher. */
export interface PatternEntry {
  readonly matcher: PatternMatcher;
  readonly schema: JsonSchema;
}

/**
 * What the coercion passes need to know about one schema object, read once per node and cached:
 * the walks then never re-read keywords, re-compile patterns or re-resolve references.
 */
export interface NodeInfo {
  /** The node has `$ref` or `$dynamicRef`. */
  readonly hasRef: boolean;
  /** Where the reference points (`undefined` when it names nothing or there is none). */
  readonly refTarget: JsonSchema | undefined;
  /** Draft 7 ignores every keyword beside `$ref`, so the node is only its reference. */
  readonly siblingsIgnored: boolean;
  /** The pass-2 rule the node applies. */
  readonly convertRule: ConvertRule;
  /** `type` as a list (a single string becomes a one-item list). */
  readonly types: readonly string[] | undefined;
  /** `type` when it is a single string. */
  readonly singleType: string | undefined;
  /** `const` (meaningful only when {@link convertRule} is `"const"`). */
  readonly constValue: unknown;
  /** `enum` members. */
  readonly enumValues: readonly unknown[] | undefined;
  /** `anyOf` (or else `oneOf`) branches. */
  readonly branches: readonly JsonSchema[] | undefined;
  /**
   * The node is an `anyOf` and nothing else the validator checks (only annotations beside it),
   * so it accepts exactly the values that one of its branches accepts.
   */
  readonly acceptsWhatABranchAccepts: boolean;
  /** `allOf` members. */
  readonly allOf: readonly JsonSchema[] | undefined;
  /** The `properties` keys, in order (walked directly when no other key can have a schema). */
  readonly propertyKeys: readonly string[];
  /** The JSON Pointer segments of the `properties` keys, index for index with {@link propertyKeys}. */
  readonly propertySegments: readonly string[];
  /** The `properties` schemas, index for index with {@link propertyKeys}. */
  readonly propertySchemas: readonly JsonSchema[];
  /**
   * Index for index with {@link propertyKeys}: the primitive `type` of a property schema that
   * pass 2 and pass 3 leave alone whenever the value already has that type (a single primitive
   * `type`, no `$ref`, `const`, `enum` or combinator), else `undefined`. Lets the walks skip
   * the visit of an already-right scalar, and passes 2 and 3 convert a wrong one in place (their
   * visit would only apply their table for that type).
   */
  readonly propertyLeafTypes: readonly (string | undefined)[];
  /** `required` names. */
  readonly required: ReadonlySet<string>;
  /** `patternProperties` with their matchers. */
  readonly patterns: readonly PatternEntry[];
  /** The `additionalProperties` schema, when there is one. */
  readonly additional: JsonSchema | undefined;
  /** `additionalProperties: false`. */
  readonly forbidsAdditional: boolean;
  /** The node has `properties`, `patternProperties` or `additionalProperties`. */
  readonly hasObjectKeywords: boolean;
  /** How the walks copy an object they change at this node (see {@link dealObjectCopier}). */
  readonly copyObject: CopyObject;
  /** Positional item schemas of a tuple (`prefixItems`, or a draft-7 `items` array). */
  readonly tuple: readonly JsonSchema[] | undefined;
  /** The schema of every item (or of the items after the tuple). */
  readonly items: JsonSchema | undefined;
  /** {@link propertyLeafTypes}' reading of {@link items}. */
  readonly itemsLeafType: string | undefined;
  /** The node's own `type` lists `"object"` / `"array"` / `"string"`. */
  readonly typeHasObject: boolean;
  readonly typeHasArray: boolean;
  readonly typeHasString: boolean;
  /** A JSON string may become an object (`parseJsonStrings`). */
  readonly wantsJsonObject: boolean;
  /** A JSON string may become an array (`parseJsonStrings`). */
  readonly wantsJsonArray: boolean;
  /** Whether the node accepts `null`; computed on first use by pass 1. */
  acceptsNull: boolean | undefined;
  /** Whether the node accepts `""`; computed on first use by lossless pass 1. */
  acceptsEmptyString: boolean | undefined;
  /** Pass 2's literal properties; computed on first use (see `readPropertyLiterals`). */
  propertyLiterals: readonly ({ readonly value: unknown } | undefined)[] | undefined;
  /**
   * Whether pass 1 can remove anything at or below this node (judged from the schema alone);
   * computed on first use by pass 1, which skips the subtree when it cannot.
   */
  dropsNulls: boolean | undefined;
}

// A node info lives as long as its compiled schema, one per schema node, and most nodes are
// leaves: they share these instead of holding empty arrays and sets of their own.
const none: readonly never[] = Object.freeze([]);
const noNames: ReadonlySet<string> = new Set();

/**
 * Reads a schema object into a {@link NodeInfo}. Tolerates malformed keywords (a wrong-typed
 * keyword is ignored) since the validator reports schema errors, not the coercer.
 */
export function describeNode(graph: SchemaGraph, node: JsonSchemaObject): NodeInfo {
  const hasRef = typeof node.$ref === "string" || typeof node.$dynamicRef === "string";
  const types = readTypes(node.type);
  const singleType = typeof node.type === "string" ? node.type : undefined;
  const properties = readProperties(node.properties);
  const patterns = readPatterns(graph, node.patternProperties);
  const additional = isSchema(node.additionalProperties) ? node.additionalProperties : undefined;
  const hasObjectKeywords =
    properties !== undefined || patterns.length > 0 || additional !== undefined;
  const { tuple, items } = readItems(graph, node);
  const hasArrayKeywords = tuple !== undefined || items !== undefined;
  const typeHasObject = types?.includes("object") ?? false;
  const typeHasArray = types?.includes("array") ?? false;
  return {
    hasRef,
    refTarget: hasRef ? safeResolve(graph, node) : undefined,
    siblingsIgnored: hasRef && graph.draft === "7",
    convertRule: readConvertRule(node, singleType, hasObjectKeywords, hasArrayKeywords),
    types,
    singleType,
    constValue: node.const,
    enumValues: Array.isArray(node.enum) ? node.enum : undefined,
    branches: readSchemaList(node.anyOf) ?? readSchemaList(node.oneOf),
    acceptsWhatABranchAccepts:
      Array.isArray(node.anyOf) && Object.keys(node).every((key) => anyOfCompanions.has(key)),
    allOf: readSchemaList(node.allOf),
    propertyKeys: properties === undefined ? none : [...properties.keys()],
    propertySegments:
      properties === undefined ? none : [...properties.keys()].map(toPointerSegment),
    propertySchemas: properties === undefined ? none : [...properties.values()],
    propertyLeafTypes: properties === undefined ? none : [...properties.values()].map(readLeafType),
    required:
      Array.isArray(node.required) && node.required.length > 0
        ? new Set(node.required.map(String))
        : noNames,
    patterns,
    additional,
    forbidsAdditional: node.additionalProperties === false,
    hasObjectKeywords,
    // Only nodes whose walks copy objects take a copier of their own.
    copyObject:
      hasObjectKeywords || node.additionalProperties === false
        ? dealObjectCopier()
        : copyWithoutWalk,
    tuple,
    items,
    itemsLeafType: items === undefined ? undefined : readLeafType(items),
    typeHasObject,
    typeHasArray,
    typeHasString: types?.includes("string") ?? false,
    wantsJsonObject: types === undefined ? hasObjectKeywords : typeHasObject,
    wantsJsonArray: types === undefined ? hasArrayKeywords : typeHasArray,
    acceptsNull: undefined,
    acceptsEmptyString: undefined,
    propertyLiterals: undefined,
    dropsNulls: undefined,
  };
}

function readConvertRule(
  node: JsonSchemaObject,
  singleType: string | undefined,
  hasObjectKeywords: boolean,
  hasArrayKeywords: boolean,
): ConvertRule {
  if (Object.hasOwn(node, "const")) return "const";
  if (Array.isArray(node.enum)) return "enum";
  if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) return "union";
  if (Array.isArray(node.allOf)) return "all-of";
  if (singleType !== undefined) return "type";
  // A `type` array is pass 3's job: pass 2 leaves the node alone.
  if (node.type !== undefined) return "none";
  if (node.properties !== undefined || node.patternProperties !== undefined) {
    return hasObjectKeywords ? "implicit-object" : "none";
  }
  if (node.items !== undefined || node.prefixItems !== undefined) {
    return hasArrayKeywords ? "implicit-array" : "none";
  }
  return "none";
}

/** `anyOf` and the annotations that may stand beside it without adding a check. */
const anyOfCompanions = new Set([
  "anyOf",
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

const primitiveTypes = new Set(["string", "number", "integer", "boolean", "null"]);
const leafBlockers = ["$ref", "$dynamicRef", "const", "enum", "anyOf", "oneOf", "allOf"];

function readLeafType(schema: JsonSchema): string | undefined {
  if (typeof schema === "boolean" || typeof schema.type !== "string") return undefined;
  if (!primitiveTypes.has(schema.type)) return undefined;
  return leafBlockers.some((keyword) => Object.hasOwn(schema, keyword)) ? undefined : schema.type;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || (typeof value === "object" && value !== null);
}

function readTypes(type: unknown): readonly string[] | undefined {
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((entry) => typeof entry === "string");
  return undefined;
}

function readSchemaList(list: unknown): readonly JsonSchema[] | undefined {
  return Array.isArray(list) ? list.filter(isSchema) : undefined;
}

function readProperties(properties: unknown): ReadonlyMap<string, JsonSchema> | undefined {
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    return undefined;
  }
  const map = new Map<string, JsonSchema>();
  for (const [key, schema] of Object.entries(properties)) {
    if (isSchema(schema)) map.set(key, schema);
  }
  return map;
}

function readPatterns(graph: SchemaGraph, patterns: unknown): readonly PatternEntry[] {
  if (typeof patterns !== "object" || patterns === null || Array.isArray(patterns)) return none;
  const entries: PatternEntry[] = [];
  for (const [source, schema] of Object.entries(patterns)) {
    if (!isSchema(schema)) continue;
    try {
      entries.push({ matcher: graph.pattern(source), schema });
    } catch {
      // The validator rejects a bad pattern at compile time; the coercer just skips it.
    }
  }
  return entries;
}

function readItems(
  graph: SchemaGraph,
  node: JsonSchemaObject,
): { tuple: readonly JsonSchema[] | undefined; items: JsonSchema | undefined } {
  if (Array.isArray(node.items)) {
    const rest = isSchema(node.additionalItems) ? node.additionalItems : undefined;
    return { tuple: node.items.filter(isSchema), items: rest };
  }
  const items = isSchema(node.items) ? node.items : undefined;
  if (graph.draft !== "7" && Array.isArray(node.prefixItems)) {
    return { tuple: node.prefixItems.filter(isSchema), items };
  }
  return { tuple: undefined, items };
}

function safeResolve(graph: SchemaGraph, node: JsonSchemaObject): JsonSchema | undefined {
  try {
    return graph.resolveRef(node);
  } catch {
    return undefined;
  }
}
