import { findKey } from "../compile/object/find-key";
import { enumeratesOwnKeysOnly } from "../compile/object/own-keys";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRule, JsonSchema } from "../types";
import type { CoercionRun } from "./coercion-run";
import type { NodeInfo } from "./describe-node";
import { matchesJsonType } from "./matches-json-type";
import { objectHasOwnProperty } from "./object-has-own-property";
import { setDataProperty } from "./set-data-property";

/**
 * A pass's function for one child: the (possibly new) child value for `schema`.
 *
 * **Contract:** must not throw or mutate `value`; returns `value` itself when nothing changed.
 */
export type VisitChild = (run: CoercionRun, schema: JsonSchema, value: unknown) => unknown;

/**
 * What a pass does at a leaf property (see {@link NodeInfo.propertyLeafTypes}): its visit there
 * would only spend one visit and apply `convert` for the leaf's `type`, recording a change under
 * `rule`. With it the walk does exactly that in place, without entering the child, looking its
 * schema up or dispatching on its keywords.
 */
export interface LeafRule {
  readonly rule: CoercionRule;
  readonly convert: (type: string, value: unknown) => unknown;
  /**
   * For a pass whose visit of a literal property (see {@link readPropertyLiterals}) would only
   * spend one visit and apply this to the literal, recording a change under `rule`.
   */
  readonly convertToLiteral?: (literal: unknown, value: unknown) => unknown;
}

/** A property schema's `const`, boxed (the literal itself may be any JSON value). */
interface PropertyLiteral {
  readonly value: unknown;
}

/**
 * Index for index with `info.propertyKeys`: the `const` of a property schema that pass 2 treats
 * as a literal and nothing else (no `$ref`, and a JSON string is never parsed there), else
 * `undefined`. Read on first use from the properties' own descriptions, and kept on `info`.
 */
function readPropertyLiterals(
  run: CoercionRun,
  info: NodeInfo,
): readonly (PropertyLiteral | undefined)[] {
  if (info.propertyLiterals !== undefined) return info.propertyLiterals;
  const literals = info.propertySchemas.map((schema): PropertyLiteral | undefined => {
    if (typeof schema === "boolean") return undefined;
    const child = run.describe(schema);
    const parsesJson = !child.typeHasString && (child.wantsJsonObject || child.wantsJsonArray);
    return !child.hasRef && child.convertRule === "const" && !parsesJson
      ? { value: child.constValue }
      : undefined;
  });
  info.propertyLiterals = literals;
  return literals;
}

/**
 * Copy-on-write map over the children of an object or array: each own key through its
 * `properties` schema, then every matching `patternProperties` schema, else the
 * `additionalProperties` schema; each item through its tuple position or `items`. The container
 * is copied only when a child changed; otherwise `value` itself comes back. Stops (returning
 * `value`) past the depth limit. With `leaf`, the pass's own rule for leaf properties, those are
 * handled in place instead of visited.
 */
export function mapChildren(
  run: CoercionRun,
  info: NodeInfo,
  value: unknown,
  visit: VisitChild,
  leaf?: LeafRule,
): unknown {
  if (!run.canDescend()) return value;
  if (isPlainObject(value)) {
    if (!info.hasObjectKeywords) return value;
    // Only declared keys have schemas that can change anything (a boolean additionalProperties
    // schema changes nothing): visit the value's declared keys only.
    if (info.patterns.length === 0 && typeof info.additional !== "object") {
      return mapDeclared(run, info, value, visit, leaf);
    }
    return mapObject(run, info, value, visit);
  }
  if (Array.isArray(value)) return mapArray(run, info, value, visit, leaf);
  return value;
}

function mapDeclared(
  run: CoercionRun,
  info: NodeInfo,
  source: Record<string, unknown>,
  visit: VisitChild,
  leaf: LeafRule | undefined,
): Record<string, unknown> {
  const keys = info.propertyKeys;
  const convertToLiteral = leaf?.convertToLiteral;
  const literals = convertToLiteral === undefined ? undefined : readPropertyLiterals(run, info);
  let result: Record<string, unknown> | undefined;
  // The value's own keys, not the declared list: for…in reads them without a lookup each, and a
  // value usually has fewer keys than its schema declares. Keys that come in schema order are
  // found a few names past the cursor.
  let cursor = 0;
  const ownOnly = enumeratesOwnKeysOnly(source);
  for (const key in source) {
    if (!ownOnly && !objectHasOwnProperty.call(source, key)) continue;
    const index = findKey(keys, key, cursor);
    if (index === -1) continue;
    cursor = index + 1;
    const before = source[key];
    const leafType = info.propertyLeafTypes[index];
    const literal = literals?.[index];
    let after: unknown;
    if (leafType !== undefined && matchesJsonType(leafType, before)) continue;
    if (leafType !== undefined && leaf !== undefined) {
      // Exactly what the visit would do, budget included.
      if (!run.spend()) continue;
      after = leaf.convert(leafType, before);
      if (after === before) continue;
      run.recordAt(key, info.propertySegments[index], leaf.rule, before, after);
    } else if (literal !== undefined && convertToLiteral !== undefined && leaf !== undefined) {
      // Likewise exactly the visit, for a literal property.
      if (!run.spend()) continue;
      after = convertToLiteral(literal.value, before);
      if (after === before) continue;
      run.recordAt(key, info.propertySegments[index], leaf.rule, before, after);
    } else {
      run.enter(key, info.propertySegments[index]);
      after = visit(run, info.propertySchemas[index] as JsonSchema, before);
      run.leave();
      if (after === before) continue;
    }
    // A spread copy keeps every key (and its order); overwriting an own key keeps V8's fast mode.
    result ??= info.copyObject(source);
    setDataProperty(result, key, after);
  }
  return result ?? source;
}

function mapObject(
  run: CoercionRun,
  info: NodeInfo,
  source: Record<string, unknown>,
  visit: VisitChild,
): Record<string, unknown> {
  let result: Record<string, unknown> | undefined;
  const ownOnly = enumeratesOwnKeysOnly(source);
  let cursor = 0;
  for (const key in source) {
    if (!ownOnly && !objectHasOwnProperty.call(source, key)) continue;
    const before = source[key];
    const propertyIndex = findKey(info.propertyKeys, key, cursor);
    if (propertyIndex !== -1) cursor = propertyIndex + 1;
    const after = visitObjectChild(run, info, key, propertyIndex, before, visit);
    if (after === before) continue;
    // A spread copy keeps every key (and its order); overwriting an own key keeps V8's fast mode.
    result ??= info.copyObject(source);
    setDataProperty(result, key, after);
  }
  return result ?? source;
}

/**
 * The object child `key` (at `propertyIndex` in `properties`, or -1) after `visit` through its
 * `properties` schema, then every matching `patternProperties` schema, else the
 * `additionalProperties` schema — the applicability rule every walk over an object's own keys
 * shares. Enters and leaves the child.
 */
export function visitObjectChild(
  run: CoercionRun,
  info: NodeInfo,
  key: string,
  propertyIndex: number,
  before: unknown,
  visit: VisitChild,
): unknown {
  const propertySchema = propertyIndex === -1 ? undefined : info.propertySchemas[propertyIndex];
  let after = before;
  run.enter(key, propertyIndex === -1 ? undefined : info.propertySegments[propertyIndex]);
  if (propertySchema !== undefined) after = visit(run, propertySchema, after);
  let matched = propertySchema !== undefined;
  for (const pattern of info.patterns) {
    if (!pattern.matcher.test(key)) continue;
    matched = true;
    after = visit(run, pattern.schema, after);
  }
  if (!matched && info.additional !== undefined) after = visit(run, info.additional, after);
  run.leave();
  return after;
}

function mapArray(
  run: CoercionRun,
  info: NodeInfo,
  source: readonly unknown[],
  visit: VisitChild,
  leaf: LeafRule | undefined,
): readonly unknown[] {
  if (info.tuple === undefined && info.items === undefined) return source;
  const tupleLength = info.tuple?.length ?? 0;
  const itemsLeafType = leaf === undefined ? undefined : info.itemsLeafType;
  let result: unknown[] | undefined;
  for (let index = 0; index < source.length; index++) {
    const schema = index < tupleLength ? info.tuple?.[index] : info.items;
    if (schema === undefined) continue;
    const before = source[index];
    let after: unknown;
    if (itemsLeafType !== undefined && leaf !== undefined && index >= tupleLength) {
      // Exactly what the visit would do: spend, then leave a matching item as it is.
      if (!run.spend() || matchesJsonType(itemsLeafType, before)) continue;
      after = leaf.convert(itemsLeafType, before);
      if (after === before) continue;
      run.recordAt(index, undefined, leaf.rule, before, after);
    } else {
      run.enter(index);
      after = visit(run, schema, before);
      run.leave();
      if (after === before) continue;
    }
    result ??= source.slice();
    result[index] = after;
  }
  return result ?? source;
}
