// OpenAI strict (SPEC §8.3): after Pass 0 every node is kept, relaxed into its description, or
// found unrepresentable; then every object is closed, every property required, and optional
// properties that reject null are wrapped as `{description?, anyOf: [S, {type: "null"}]}`.
import { setDataProperty } from "@toolwright/schema-coerce";
import type { RelaxedKeyword, SchemaProblem } from "../compiled-tool";
import { areBranchesDisjoint } from "./disjoint-branches";
import { hasConstrainingRefSiblings, inlineRef } from "./inline-ref";
import { mergeAllOf } from "./merge-all-of";
import type { NormalizedRoot } from "./normalize-root";
import { decideNullAcceptance } from "./null-acceptance";
import { createRefCycles, type RefCycles } from "./ref-cycles";
import { relaxDescription } from "./relax-description";
import {
  appendPointer,
  dynamicRefKeywords,
  isLocalRef,
  isSchemaObject,
  readTypes,
  resolveLocalRef,
  type SchemaObject,
  tupleKeywordOf,
} from "./schema-node";
import type { SourcePointers } from "./source-pointers";

/** The strict schema, or the problems that keep the tool out of strict mode. */
export interface StrictCompilation {
  readonly schema: SchemaObject;
  readonly problems: readonly SchemaProblem[];
  readonly relaxed: readonly RelaxedKeyword[];
  /** The `anyOf: [S, {type: "null"}]` wrappers this pass added (a `null` there means "absent"). */
  readonly synthetic: ReadonlySet<object>;
  /** Pointers (into the canonical schema) of object nodes that left `additionalProperties` unset. */
  readonly closed: readonly string[];
}

const keptKeywords: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "const",
  "description",
  "title",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "required",
  "$ref",
]);
const droppedKeywords: ReadonlySet<string> = new Set([
  "$schema",
  "$comment",
  "$id",
  "readOnly",
  "writeOnly",
  "deprecated",
]);
const strictFormats: ReadonlySet<string> = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

interface Walk {
  readonly root: SchemaObject;
  readonly sources: SourcePointers;
  readonly cycles: RefCycles;
  readonly problems: SchemaProblem[];
  readonly relaxed: RelaxedKeyword[];
  readonly synthetic: Set<object>;
  readonly closed: string[];
}

/** Compiles a Pass-0 root for OpenAI strict mode. Pure; never throws. */
export function compileOpenAiStrict(normalized: NormalizedRoot): StrictCompilation {
  const walk: Walk = {
    root: normalized.schema,
    sources: normalized.sources,
    cycles: createRefCycles(normalized.schema),
    problems: [],
    relaxed: [],
    synthetic: new Set(),
    closed: [],
  };
  const schema = visit(
    normalized.schema,
    normalized.sources.node(normalized.schema, ""),
    walk,
    true,
  );
  return {
    schema: schema as SchemaObject,
    problems: walk.problems,
    relaxed: walk.relaxed,
    synthetic: walk.synthetic,
    closed: walk.closed,
  };
}

function visit(node: unknown, fallbackPointer: string, walk: Walk, isRoot = false): unknown {
  const pointer = walk.sources.node(node, fallbackPointer);
  if (!isSchemaObject(node)) {
    walk.problems.push({ pointer, keyword: String(node), reason: "untyped" });
    return node;
  }
  const rewritten = rewriteStructure(node, pointer, walk);
  if (rewritten !== undefined) return visit(rewritten, pointer, walk, isRoot);
  const result: SchemaObject = {};
  const relaxedEntries: [string, unknown][] = [];
  // One problem per tuple, at the keyword every compiler names (see `tupleKeywordOf`).
  const tuple = tupleKeywordOf(node);
  if (tuple !== undefined) report(walk, pointer, tuple, "tuple");
  for (const [key, value] of Object.entries(node)) {
    if (keptKeywords.has(key)) setDataProperty(result, key, value);
    else if (key === "default") {
      if (value !== null) setDataProperty(result, key, value);
    } else if (droppedKeywords.has(key)) {
      if (key === "$id" && !isRoot) report(walk, pointer, key, "nested-id");
    } else if (key === "format" && typeof value === "string" && strictFormats.has(value)) {
      setDataProperty(result, key, value);
    } else if (key === "properties" && isSchemaObject(value)) {
      const properties: SchemaObject = {};
      for (const [name, child] of Object.entries(value)) {
        const childPointer = walk.sources.property(value, name, appendPointer(pointer, key, name));
        setDataProperty(properties, name, visit(child, childPointer, walk));
      }
      setDataProperty(result, key, properties);
    } else if (key === "additionalProperties") {
      if (value !== false) report(walk, pointer, key, "open-object");
      setDataProperty(result, key, value);
    } else if (key === "items" && tuple !== undefined) {
      // Part of a tuple (reported once, below), whatever it holds: `false` after `prefixItems`.
      setDataProperty(result, key, value);
    } else if (key === "items") {
      setDataProperty(result, key, visit(value, appendPointer(pointer, key), walk));
    } else if (key === "anyOf" || key === "oneOf") {
      const branches = Array.isArray(value) ? value : [];
      const visited = branches.map((branch, index) =>
        visit(branch, appendPointer(pointer, key, index), walk),
      );
      if (key === "oneOf" && !areBranchesDisjoint(branches, walk.root)) {
        walk.relaxed.push({ schemaPath: pointer, keyword: "oneOf", value: "anyOf" });
      }
      setDataProperty(result, "anyOf", visited);
    } else if ((key === "$defs" || key === "definitions") && isSchemaObject(value)) {
      const definitions: SchemaObject = {};
      for (const [name, child] of Object.entries(value)) {
        setDataProperty(definitions, name, visit(child, appendPointer(pointer, key, name), walk));
      }
      setDataProperty(result, key, definitions);
    } else if (key === "allOf") {
      report(walk, pointer, key, "non-mergeable-allOf");
      setDataProperty(result, key, value);
    } else if (key === "patternProperties") {
      report(walk, pointer, key, "open-object");
      setDataProperty(result, key, value);
    } else if (key === "prefixItems" || (key === "additionalItems" && tuple !== undefined)) {
      setDataProperty(result, key, value);
    } else if (dynamicRefKeywords.includes(key)) {
      report(walk, pointer, key, "dynamic-ref");
      setDataProperty(result, key, value);
    } else {
      relaxedEntries.push([key, value]);
      walk.relaxed.push({ schemaPath: pointer, keyword: key, value });
    }
  }
  if (typeof node.$ref === "string") {
    checkRef(node.$ref, pointer, walk);
    // Rule I cannot inline a recursive target, and strict mode takes no constraining siblings.
    if (hasConstrainingRefSiblings(node) && walk.cycles.isRecursive(node.$ref))
      report(walk, pointer, "$ref", "recursive");
  }
  if (relaxedEntries.length > 0)
    result.description = relaxDescription(result.description, relaxedEntries);
  const types = readTypes(result);
  const typed = ["type", "enum", "const", "anyOf", "$ref", "allOf"].some((key) =>
    Object.hasOwn(result, key),
  );
  if (!typed) report(walk, pointer, "type", "untyped");
  if (types.includes("array") && result.items === undefined && node.prefixItems === undefined) {
    report(walk, pointer, "items", "array-without-items");
  }
  if (types.includes("object")) closeObject(result, node, pointer, walk, isRoot);
  return result;
}

/** Rules M and I: returns the node to visit instead, or `undefined` to visit `node` itself. */
function rewriteStructure(
  node: SchemaObject,
  pointer: string,
  walk: Walk,
): SchemaObject | undefined {
  if (Array.isArray(node.allOf)) {
    const merged = mergeAllOf(node, pointer, walk.root, true);
    if (merged === undefined) return undefined;
    walk.sources.setProperties(merged.node.properties as object, merged.propertySources);
    return merged.node;
  }
  if (!hasConstrainingRefSiblings(node)) return undefined;
  const ref = node.$ref as string;
  if (!isLocalRef(ref) || walk.cycles.isRecursive(ref)) return undefined;
  const inlined = inlineRef(node, walk.root);
  if (!inlined.ok) {
    walk.problems.push({ pointer, keyword: "$ref", reason: inlined.reason });
    return undefined;
  }
  const target = resolveLocalRef(walk.root, ref)?.node;
  if (
    isSchemaObject(target) &&
    isSchemaObject(target.properties) &&
    !Object.hasOwn(node, "properties")
  ) {
    const sources = new Map<string, string>();
    for (const name of Object.keys(target.properties)) {
      sources.set(name, appendPointer(inlined.targetPointer, "properties", name));
    }
    walk.sources.setProperties(inlined.node.properties as object, sources);
  }
  return inlined.node;
}

function report(walk: Walk, pointer: string, keyword: string, reason: string): void {
  walk.problems.push({ pointer, keyword, reason });
}

function checkRef(ref: string, pointer: string, walk: Walk): void {
  if (!isLocalRef(ref) || resolveLocalRef(walk.root, ref) === undefined) {
    report(walk, pointer, "$ref", "external-ref");
  }
}

function closeObject(
  result: SchemaObject,
  node: SchemaObject,
  pointer: string,
  walk: Walk,
  isRoot: boolean,
): void {
  const properties = result.properties;
  if (!isSchemaObject(properties)) {
    if (!isRoot && node.additionalProperties !== false) {
      walk.problems.push({ pointer, keyword: "properties", reason: "open-object" });
    }
    result.properties = {};
  }
  const closed = result.properties as SchemaObject;
  const originallyRequired = new Set(Array.isArray(node.required) ? node.required : []);
  for (const [name, child] of Object.entries(closed)) {
    if (originallyRequired.has(name)) continue;
    const acceptance = decideNullAcceptance(child, walk.root);
    if (acceptance === "unknown") {
      const childPointer = walk.sources.property(
        node.properties ?? {},
        name,
        appendPointer(pointer, "properties", name),
      );
      walk.problems.push({ pointer: childPointer, keyword: "properties", reason: "unknown-null" });
    } else if (acceptance === "no") {
      setDataProperty(closed, name, wrapNullable(child, walk));
    }
  }
  result.required = Object.keys(closed);
  if (!Object.hasOwn(node, "additionalProperties")) walk.closed.push(pointer);
  if (result.additionalProperties !== false) {
    delete result.additionalProperties;
    result.additionalProperties = false;
  }
}

function wrapNullable(schema: unknown, walk: Walk): SchemaObject {
  const wrapper: SchemaObject = {};
  if (isSchemaObject(schema) && schema.description !== undefined)
    wrapper.description = schema.description;
  wrapper.anyOf = [schema, { type: "null" }];
  walk.synthetic.add(wrapper);
  return wrapper;
}
