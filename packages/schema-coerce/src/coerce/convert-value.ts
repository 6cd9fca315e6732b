import { jsonEqual } from "../compile/json-equal";
import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { isNullSpelling } from "./is-null-spelling";
import { mapChildren } from "./map-children";
import { matchEnumCase } from "./match-enum-case";
import type { NodeCoercion } from "./node-coercion";
import { opensLikeJson, parseJsonString } from "./parse-json-string";
import { tryUnionBranches } from "./try-union-branches";
import { visitRefTarget } from "./visit-ref-target";

/**
 * Pass 2: TypeBox-`Value.Convert`-style conversions driven by JSON Schema keywords.
 * Follows `$ref` (ignoring the keywords beside it); otherwise applies the first rule the node
 * has: `const`, `enum`, `anyOf`/`oneOf`, `allOf`, a single string `type`, then an implicit
 * object or array. Copy-on-write: returns `value` itself when nothing changed.
 */
export function convertValue(run: CoercionRun, node: SchemaNode, value: unknown): unknown {
  if (typeof node.schema === "boolean" || !run.spend()) return value;
  const info = run.describe(node);
  if (info.hasRef) return visitRefTarget(run, node, value, convertValue);
  let current = value;
  if (typeof current === "string" && run.parsesJsonStrings) {
    current = parseJsonString(run, node, info, current);
  }
  const converted = convertByRule(run, node, info, current);
  // Lossless `null-string` (SPEC §1.5.1): "None" / "null" / "undefined" that no conversion made
  // acceptable is the model's way of writing null. Last, so an enum member "none" still wins.
  if (converted === current && run.rules.lossless && isNullSpelling(current)) {
    return readNullSpelling(run, node, current);
  }
  return converted;
}

/**
 * `null` for a null spelling `text` the node rejects (recorded as `null-string`), else `text`.
 * The null rules then decide: `null` is kept where the node accepts it and fails where it does not.
 */
function readNullSpelling(run: CoercionRun, node: SchemaNode, text: string): unknown {
  if (run.accepts(node, text)) return text;
  run.record("null-string", text, null);
  return null;
}

/** Pass 2's rule for the node's keywords (see the file header). */
function convertByRule(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  current: unknown,
): unknown {
  switch (info.convertRule) {
    case "const":
      return convertConst(run, info.constValue, current);
    case "enum":
      return convertEnum(run, node, info.enumValues ?? [], current);
    case "union":
      return convertOwnObject(run, info, convertUnion(run, node, current));
    case "all-of": {
      let result = current;
      for (const member of node.allOfMembers ?? []) result = convertValue(run, member, result);
      return convertOwnObject(run, info, result);
    }
    case "type":
      return convertByType(run, node, info, current);
    case "implicit-object":
      return isPlainObject(current)
        ? mapChildren(run, info, current, convertValue, run.rules.convertLeaf)
        : current;
    case "implicit-array":
      return convertArray(run, node, info, current, false);
    default:
      return current;
  }
}

function recordConversion(run: CoercionRun, from: unknown, to: unknown): unknown {
  if (to !== from) run.record("convert", from, to);
  return to;
}

function convertEnum(
  run: CoercionRun,
  node: SchemaNode,
  members: readonly unknown[],
  value: unknown,
): unknown {
  for (const member of members) if (jsonEqual(member, value)) return value;
  for (const member of members) {
    const converted = run.rules.literal(member, value);
    if (converted !== value && run.accepts(node, converted)) {
      return recordConversion(run, value, converted);
    }
  }
  if (run.rules.lossless && typeof value === "string") {
    const member = matchEnumCase(members, value);
    if (member !== undefined && run.accepts(node, member)) {
      run.record("enum-case", value, member);
      return member;
    }
  }
  return value;
}

/** A `const`: literal conversion, then (lossless only) the `enum-case` rule. */
function convertConst(run: CoercionRun, literal: unknown, value: unknown): unknown {
  const converted = run.rules.literal(literal, value);
  if (converted !== value || !run.rules.lossless || typeof value !== "string") {
    return recordConversion(run, value, converted);
  }
  const member = matchEnumCase([literal], value);
  if (member === undefined) return value;
  run.record("enum-case", value, member);
  return member;
}

function convertUnion(run: CoercionRun, node: SchemaNode, value: unknown): unknown {
  return tryUnionBranches(run, node.unionBranches ?? [], value, convertValue, node);
}

/** After a union or `allOf`, the node's own `properties` are converted too. */
function convertOwnObject(run: CoercionRun, info: NodeCoercion, value: unknown): unknown {
  return info.object !== undefined && isPlainObject(value)
    ? mapChildren(run, info, value, convertValue, run.rules.convertLeaf)
    : value;
}

function convertByType(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  value: unknown,
): unknown {
  switch (info.singleType) {
    case "object":
      return isPlainObject(value)
        ? mapChildren(run, info, value, convertValue, run.rules.convertLeaf)
        : value;
    case "array":
      return convertArray(run, node, info, value, true);
    default:
      return recordConversion(run, value, run.rules.convert(info.singleType ?? "", value));
  }
}

/**
 * Converts each item; wraps any other value in a one-item array first, except for a tuple and
 * for a node without `type: "array"` that accepts the value as it is (a schema with only `items`
 * accepts a string, so wrapping would change a valid value).
 */
function convertArray(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  value: unknown,
  typed: boolean,
): unknown {
  if (!run.canDescend()) return value;
  if (!Array.isArray(value)) {
    const shape = info.array;
    if (shape?.isTuple || (!typed && run.accepts(node, value))) return value;
    if (run.rules.lossless && !isWrappableLosslessly(value)) return value;
    const wrapped = [value];
    run.record("convert", value, [value]);
    if (shape?.rest !== undefined) {
      run.enterWrapped();
      wrapped[0] = convertValue(run, shape.rest, value);
      run.leave();
    }
    return wrapped;
  }
  return mapChildren(run, info, value, convertValue, run.rules.convertLeaf);
}

/**
 * Lossless wrapping takes a non-null scalar only: `null` would become `[null]`, an
 * object or array is not what "one value where an array belongs" means for a scalar list, and a
 * blank string is the model saying "none" far more often than "a list of one empty string". Nor
 * a string that opens with `[` or `{`, or a null spelling.
 */
function isWrappableLosslessly(value: unknown): boolean {
  switch (typeof value) {
    case "number":
    case "boolean":
      return true;
    case "string":
      // A list or object written as text is parsed or fails, and "None" is `null` (SPEC §1.5.1):
      // neither is one item of a list.
      return value.trim() !== "" && !opensLikeJson(value) && !isNullSpelling(value);
    default:
      return false;
  }
}
