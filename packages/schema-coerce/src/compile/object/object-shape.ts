/**
 * The object keywords of one schema node, read once at compile time into a frozen shape that
 * the module functions `checkObject`, `reportObject`, `collectObject` and the object walks
 * (`forEachObjectChild`; the coercion passes reach it through `node.objectShape`) read. Every shape is built by the one
 * object literal below, so every shape has the same hidden class: the functions that read them
 * stay monomorphic on the shape whatever schema it came from.
 */

import { toPointerSegment } from "../../coerce/to-pointer-segment";
import type { PatternMatcher } from "../../types";
import { fitted, fittedMap } from "../fitted";
import { leafCodeOf, leafHighOf, leafLowOf } from "../leaf-check";
import type { CompileContext, ReportFn, SchemaNode } from "../schema-node";
import {
  failKeyword,
  readCount,
  readSchemaMap,
  readStringArray,
  type SchemaObject,
} from "../schema-shape";

const noNames: readonly string[] = fitted([]);
const noMatchers: readonly PatternMatcher[] = fitted([]);
const noNodes: readonly SchemaNode[] = fitted([]);
const noDependencies: readonly ObjectDependency[] = fitted([]);

/** One `dependentRequired` / `dependentSchemas` / draft-7 `dependencies` entry. */
export interface ObjectDependency {
  readonly key: string;
  readonly keyword: string;
  readonly required: readonly string[] | undefined;
  readonly node: SchemaNode | undefined;
}

/**
 * JSON Pointer segments (`/` + escaped name) of the declared and required names, built by the
 * first reader that needs them (an invalid value, a recorded coercion): most compiled schemas
 * never do, and a string per name adds up. The one mutable part of a shape.
 */
export interface ObjectSegments {
  properties: readonly string[] | undefined;
  required: readonly string[] | undefined;
}

/** The object keywords of one schema node. Index for index: the `property*` and `leaf*` arrays. */
export interface ObjectShape {
  /** `properties` names in schema order (empty without `properties`). */
  readonly propertyKeys: readonly string[];
  /**
   * The schema's own `properties` object, for the one annotation the coercion passes read from a
   * property's schema as written (`default`; a node shared by type-only schemas drops it).
   */
  readonly propertyMap: SchemaObject | undefined;
  readonly propertyNodes: readonly SchemaNode[];
  /** Whether each declared name is also `required`. */
  readonly isRequired: readonly boolean[];
  /** Leaf codes (see `leaf-check.ts`) and their bounds, so the hot loop calls no closure. */
  readonly leafCodes: readonly number[];
  readonly leafLows: readonly number[];
  readonly leafHighs: readonly number[];
  /** `required` names, in order. */
  readonly required: readonly string[];
  /** How many `required` names have a `properties` entry (counted during the key walk). */
  readonly requiredInProperties: number;
  /** `required` names without a `properties` entry (looked up one by one). */
  readonly requiredElsewhere: readonly string[];
  readonly patternMatchers: readonly PatternMatcher[];
  readonly patternNodes: readonly SchemaNode[];
  readonly additional: SchemaNode | undefined;
  /** `additionalProperties: false`. */
  readonly additionalFalse: boolean;
  readonly propertyNames: SchemaNode | undefined;
  readonly minProperties: number;
  readonly maxProperties: number;
  readonly dependencies: readonly ObjectDependency[];
  /** The fused `type: "object"` report, or `undefined` when a non-object passes. */
  readonly guard: ReportFn | undefined;
  /** `patternProperties` or `additionalProperties` is present: extra keys have rules. */
  readonly hasExtraRules: boolean;
  /** The report must walk every own key (extra-key rules, names, counts or dependencies). */
  readonly hasKeyRules: boolean;
  /** `properties`, `patternProperties` or `additionalProperties` is present: keys have schemas. */
  readonly hasChildSchemas: boolean;
  readonly segments: ObjectSegments;
}

/**
 * Reads the object keywords of `schema` into a frozen {@link ObjectShape}, compiling each child;
 * `undefined` when the node has none and no fused type guard.
 */
export function buildObjectShape(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): ObjectShape | undefined {
  const pointer = node.pointer;
  const location = node.location;
  const required = readStringArray(schema, "required", node, context) ?? noNames;
  const propertyMap = readSchemaMap(schema, "properties", node, context);
  // `Object.keys` gives an array of its exact size already (see `fitted`).
  const propertyKeys = propertyMap === undefined ? noNames : Object.keys(propertyMap);
  const propertyNodes: SchemaNode[] = [];
  for (const key of propertyKeys) {
    const value = propertyMap![key];
    // The pointer (for compile errors) is built only for a subschema compiled on its own.
    propertyNodes.push(
      context.sharedNode(value) ??
        context.child(value, location, `${pointer}/properties${toPointerSegment(key)}`),
    );
  }
  const patternMap = readSchemaMap(schema, "patternProperties", node, context);
  let patternMatchers: readonly PatternMatcher[] = noMatchers;
  let patternNodes: readonly SchemaNode[] = noNodes;
  if (patternMap !== undefined) {
    const matchers: PatternMatcher[] = [];
    const nodes: SchemaNode[] = [];
    for (const source of Object.keys(patternMap)) {
      const path = `${pointer}/patternProperties${toPointerSegment(source)}`;
      matchers.push(context.pattern(source, path));
      nodes.push(context.child(patternMap[source], location, path));
    }
    patternMatchers = fitted(matchers);
    patternNodes = fitted(nodes);
  }
  const additional =
    schema.additionalProperties === undefined
      ? undefined
      : context.child(schema.additionalProperties, location, `${pointer}/additionalProperties`);
  const propertyNames =
    schema.propertyNames === undefined
      ? undefined
      : context.child(schema.propertyNames, location, `${pointer}/propertyNames`);
  const minProperties = readCount(schema, "minProperties", node, context) ?? 0;
  const maxProperties = readCount(schema, "maxProperties", node, context) ?? Infinity;
  const dependencies =
    schema.dependentRequired === undefined &&
    schema.dependentSchemas === undefined &&
    schema.dependencies === undefined
      ? noDependencies
      : fitted(readDependencies(schema, node, context));
  const hasExtraRules = patternNodes.length > 0 || additional !== undefined;
  if (
    required.length === 0 &&
    propertyKeys.length === 0 &&
    !hasExtraRules &&
    propertyNames === undefined &&
    minProperties === 0 &&
    maxProperties === Infinity &&
    dependencies.length === 0 &&
    guard === undefined
  ) {
    return undefined;
  }
  const isRequired = requiredFlags(propertyKeys, required);
  let requiredInProperties = 0;
  for (const flag of isRequired) if (flag) requiredInProperties++;
  return Object.freeze({
    propertyKeys,
    propertyMap,
    propertyNodes: fitted(propertyNodes),
    isRequired,
    leafCodes: fittedMap(propertyNodes, leafCodeOf),
    leafLows: fittedMap(propertyNodes, leafLowOf),
    leafHighs: fittedMap(propertyNodes, leafHighOf),
    required,
    requiredInProperties,
    // Every required name declared once: nothing to look up one by one.
    requiredElsewhere:
      requiredInProperties === required.length ? noNames : namesNotIn(required, propertyKeys),
    patternMatchers,
    patternNodes,
    additional,
    additionalFalse: additional !== undefined && additional.schema === false,
    propertyNames,
    minProperties,
    maxProperties,
    dependencies,
    guard,
    hasExtraRules,
    hasKeyRules:
      hasExtraRules ||
      propertyNames !== undefined ||
      minProperties > 0 ||
      maxProperties !== Infinity ||
      dependencies.length > 0,
    hasChildSchemas: propertyKeys.length > 0 || hasExtraRules,
    segments: { properties: undefined, required: undefined },
  });
}

/** Up to this many `required` names are searched in place; more go through a `Set`. */
const SMALL_REQUIRED = 8;

/** Whether each of `keys` is one of the `required` names. */
function requiredFlags(keys: readonly string[], required: readonly string[]): readonly boolean[] {
  if (required.length === 0) return fittedMap(keys, () => false);
  // A `Set` is not worth building for a few names; for many it keeps compile time linear.
  if (required.length <= SMALL_REQUIRED) return fittedMap(keys, (key) => required.includes(key));
  const requiredSet = new Set(required);
  return fittedMap(keys, (key) => requiredSet.has(key));
}

/** The names of `names` that `declared` lacks, in order. */
function namesNotIn(names: readonly string[], declared: readonly string[]): readonly string[] {
  const declaredSet = new Set(declared);
  return fitted(names.filter((name) => !declaredSet.has(name)));
}

/** The `/`-prefixed JSON Pointer segments of the declared names, built on first use. */
export function propertySegmentsOf(shape: ObjectShape): readonly string[] {
  shape.segments.properties ??= fittedMap(shape.propertyKeys, toSegment);
  return shape.segments.properties;
}

/** The `/`-prefixed JSON Pointer segments of the `required` names, built on first use. */
export function requiredSegmentsOf(shape: ObjectShape): readonly string[] {
  shape.segments.required ??= fittedMap(shape.required, toSegment);
  return shape.segments.required;
}

function toSegment(key: string): string {
  return toPointerSegment(key);
}

function readDependencies(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): ObjectDependency[] {
  const dependencies: ObjectDependency[] = [];
  const pointer = node.pointer;
  if (node.location.draft === "7") {
    const map = readSchemaMap(schema, "dependencies", node, context);
    for (const key of Object.keys(map ?? {})) {
      const entry = map![key];
      if (Array.isArray(entry)) {
        if (entry.some((name) => typeof name !== "string")) {
          failKeyword(context, node, "dependencies", "an object of schemas or string arrays");
        }
        dependencies.push({ key, keyword: "dependencies", required: entry, node: undefined });
      } else {
        const path = `${pointer}/dependencies${toPointerSegment(key)}`;
        const child = context.child(entry, node.location, path);
        dependencies.push({ key, keyword: "dependencies", required: undefined, node: child });
      }
    }
    return dependencies;
  }
  const requiredMap = readSchemaMap(schema, "dependentRequired", node, context);
  for (const key of Object.keys(requiredMap ?? {})) {
    const entry = requiredMap![key];
    if (!Array.isArray(entry) || entry.some((name) => typeof name !== "string")) {
      failKeyword(context, node, "dependentRequired", "an object of string arrays");
    }
    dependencies.push({ key, keyword: "dependentRequired", required: entry, node: undefined });
  }
  const schemaMap = readSchemaMap(schema, "dependentSchemas", node, context);
  for (const key of Object.keys(schemaMap ?? {})) {
    const path = `${pointer}/dependentSchemas${toPointerSegment(key)}`;
    const child = context.child(schemaMap![key], node.location, path);
    dependencies.push({ key, keyword: "dependentSchemas", required: undefined, node: child });
  }
  return dependencies;
}
