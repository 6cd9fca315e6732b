/**
 * What the coercion passes need of a schema node beyond what the validator compiled onto it
 * (`objectShape`, `arrayShape`, `refTarget`, `allOfMembers`, `unionBranches`, `types`): the pass-2
 * rule and the facts derived from the node's compiled parts, read once on the first visit and
 * kept on the node (`node.coercion`). Nothing here depends on the compile options, so a node
 * shared by every graph (a type-only node) can keep its facts too.
 */
import type { ArrayShape } from "../compile/array";
import type { ObjectShape } from "../compile/object";
import type { SchemaNode } from "../compile/schema-node";
import type { TypePassPlan } from "./type-pass-idle";

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

/** A property schema's `const`, boxed (the literal itself may be any JSON value). */
export interface PropertyLiteral {
  readonly value: unknown;
}

/** The coercion passes' facts about one schema node (see the file header). */
export interface NodeCoercion {
  /** The node has `$ref` or `$dynamicRef`. */
  readonly hasRef: boolean;
  /** Draft 7 ignores every keyword beside `$ref`, so the node is only its reference. */
  readonly siblingsIgnored: boolean;
  readonly convertRule: ConvertRule;
  /** `type` when it is a single name. */
  readonly singleType: string | undefined;
  /** `const` (meaningful only when {@link convertRule} is `"const"`). */
  readonly constValue: unknown;
  readonly enumValues: readonly unknown[] | undefined;
  /**
   * The node is an `anyOf` and nothing else the validator checks (only annotations beside it),
   * so it accepts exactly the values that one of its branches accepts.
   */
  readonly acceptsWhatABranchAccepts: boolean;
  /** The object shape when `properties`, `patternProperties` or `additionalProperties` give keys schemas. */
  readonly object: ObjectShape | undefined;
  /** Index for index with the shape's `propertyKeys`: see {@link leafTypeOf}. */
  readonly propertyLeafTypes: readonly (string | undefined)[];
  /** The array shape when the node has a tuple or an items schema. */
  readonly array: ArrayShape | undefined;
  /** {@link leafTypeOf} the items schema after the tuple. */
  readonly itemsLeafType: string | undefined;
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
  propertyLiterals: readonly (PropertyLiteral | undefined)[] | undefined;
  /** Whether pass 1 can remove anything at or below this node; computed on first use. */
  dropsNulls: boolean | undefined;
  /** Whether lossless pass 1 can fill a `default` at or below this node; computed on first use. */
  fillsDefaults: boolean | undefined;
  /** Pass 3's plan at this node (see `isTypePassIdle`), `null` for none; computed on first use. */
  typePassPlan: TypePassPlan | null | undefined;
}

const none: readonly never[] = Object.freeze([]);

/** The node's coercion facts, read on first use and kept on the node. */
export function coercionOf(node: SchemaNode): NodeCoercion {
  node.coercion ??= describeCoercion(node);
  return node.coercion;
}

function describeCoercion(node: SchemaNode): NodeCoercion {
  const schema = typeof node.schema === "object" ? node.schema : {};
  const hasRef = typeof schema.$ref === "string" || typeof schema.$dynamicRef === "string";
  const types = node.types;
  // A one-name `type` array is still a type array (pass 3's, not pass 2's).
  const singleType = typeof schema.type === "string" ? schema.type : undefined;
  const objectShape = node.objectShape?.hasChildSchemas ? node.objectShape : undefined;
  const arrayShape = node.arrayShape;
  const array =
    arrayShape !== undefined && (arrayShape.isTuple || arrayShape.rest !== undefined)
      ? arrayShape
      : undefined;
  const typeHasObject = types?.includes("object") ?? false;
  const typeHasArray = types?.includes("array") ?? false;
  return {
    hasRef,
    siblingsIgnored: hasRef && node.location.draft === "7",
    convertRule: readConvertRule(node, singleType, objectShape, array),
    singleType,
    constValue: schema.const,
    enumValues: Array.isArray(schema.enum) ? schema.enum : undefined,
    acceptsWhatABranchAccepts:
      Array.isArray(schema.anyOf) && Object.keys(schema).every((key) => anyOfCompanions.has(key)),
    object: objectShape,
    propertyLeafTypes: objectShape === undefined ? none : objectShape.propertyNodes.map(leafTypeOf),
    array,
    itemsLeafType: array?.rest === undefined ? undefined : leafTypeOf(array.rest),
    typeHasObject,
    typeHasArray,
    typeHasString: types?.includes("string") ?? false,
    wantsJsonObject: types === undefined ? objectShape !== undefined : typeHasObject,
    wantsJsonArray: types === undefined ? array !== undefined : typeHasArray,
    acceptsNull: undefined,
    acceptsEmptyString: undefined,
    propertyLiterals: undefined,
    dropsNulls: undefined,
    fillsDefaults: undefined,
    typePassPlan: undefined,
  };
}

function readConvertRule(
  node: SchemaNode,
  singleType: string | undefined,
  objectShape: ObjectShape | undefined,
  array: ArrayShape | undefined,
): ConvertRule {
  const schema = node.schema as Readonly<Record<string, unknown>>;
  if (Object.hasOwn(schema, "const")) return "const";
  if (Array.isArray(schema.enum)) return "enum";
  if (node.unionBranches !== undefined) return "union";
  if (node.allOfMembers !== undefined) return "all-of";
  if (singleType !== undefined) return "type";
  // A `type` array is pass 3's job: pass 2 leaves the node alone.
  if (node.types !== undefined) return "none";
  if (schema.properties !== undefined || schema.patternProperties !== undefined) {
    return objectShape !== undefined ? "implicit-object" : "none";
  }
  if (schema.items !== undefined || schema.prefixItems !== undefined) {
    return array !== undefined ? "implicit-array" : "none";
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

/**
 * The primitive `type` of a child that passes 2 and 3 leave alone whenever the value already has
 * that type (one primitive `type`, no `$ref`, `const`, `enum` or combinator), else `undefined`.
 * Lets the walks skip the visit of an already-right scalar, and passes 2 and 3 convert a wrong
 * one in place (their visit would only apply their table for that type).
 */
function leafTypeOf(node: SchemaNode): string | undefined {
  const schema = node.schema;
  if (typeof schema !== "object" || typeof schema.type !== "string") return undefined;
  if (!primitiveTypes.has(schema.type)) return undefined;
  return leafBlockers.some((keyword) => Object.hasOwn(schema, keyword)) ? undefined : schema.type;
}
