import {
  foldExtraChildren,
  forEachObjectChild,
  type ObjectShape,
  propertySegmentsOf,
} from "../compile/object";
import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRule } from "../types";
import type { CoercionRun } from "./coercion-run";
import { copyObject } from "./copy-object";
import { isDroppable } from "./drops-nulls-below";
import { isNullSpelling } from "./is-null-spelling";
import { matchesJsonType } from "./matches-json-type";
import { coercionOf, type NodeCoercion, type PropertyLiteral } from "./node-coercion";
import { setDataProperty } from "./set-data-property";

/**
 * A pass's function for one child: the (possibly new) child value for `node`.
 *
 * **Contract:** must not throw or mutate `value`; returns `value` itself when nothing changed.
 */
export type VisitChild = (run: CoercionRun, node: SchemaNode, value: unknown) => unknown;

/**
 * What a pass does at a leaf property (see `NodeCoercion.propertyLeafTypes`): its visit there
 * would only spend one visit and apply `convert` for the leaf's `type`, recording a change under
 * `rule`. With it the walk does exactly that in place, without entering the child or dispatching
 * on its keywords.
 */
export interface LeafRule {
  readonly rule: CoercionRule;
  readonly convert: (type: string, value: unknown) => unknown;
  /**
   * For a pass whose visit of a literal property (see {@link readPropertyLiterals}) would only
   * spend one visit and apply this to the literal, recording a change under `rule`.
   */
  readonly convertToLiteral?: (literal: unknown, value: unknown) => unknown;
  /**
   * Lossless pass 2: a null spelling (`"None"`, `"null"`, `"undefined"`) that `convert` leaves as
   * it is becomes `null` under rule `null-string`, as the visit's own fallback does (a leaf of a
   * non-string type rejects every string).
   */
  readonly readsNullSpellings?: boolean;
}

/** `leaf.convert` of `value`, else the `null-string` reading, else `undefined` (no change). */
function convertLeaf(
  leaf: LeafRule,
  type: string,
  value: unknown,
): { readonly rule: CoercionRule; readonly to: unknown } | undefined {
  const converted = leaf.convert(type, value);
  if (converted !== value) return { rule: leaf.rule, to: converted };
  if (leaf.readsNullSpellings === true && isNullSpelling(value)) {
    return { rule: "null-string", to: null };
  }
  return undefined;
}

/** One pass's walk over one object: what `visitObjectChild` needs, extended by each pass. */
export interface PassWalk {
  readonly run: CoercionRun;
  readonly visit: VisitChild;
  readonly shape: ObjectShape;
}

/**
 * The object child `key` (at `propertyIndex` in `properties`, or -1) after `walk.visit` through
 * every schema that applies to it (its `properties` entry, then `foldExtraChildren`'s rule: each
 * matching pattern, else `additionalProperties`). Enters and leaves the child.
 */
export function visitObjectChild(
  walk: PassWalk,
  key: string,
  propertyIndex: number,
  before: unknown,
): unknown {
  const { run, shape } = walk;
  const declared = propertyIndex !== -1;
  run.enter(key, declared ? propertySegmentsOf(shape)[propertyIndex] : undefined);
  let after = declared ? walk.visit(run, shape.propertyNodes[propertyIndex]!, before) : before;
  after = foldExtraChildren(shape, key, declared, after, walk, visitExtraChild);
  run.leave();
  return after;
}

function visitExtraChild(walk: PassWalk, node: SchemaNode, value: unknown): unknown {
  return walk.visit(walk.run, node, value);
}

/** The state of one {@link mapChildren} walk over an object. */
interface ChildMap extends PassWalk {
  readonly info: NodeCoercion;
  readonly source: Record<string, unknown>;
  /** Only declared keys can change (no patterns, no `additionalProperties` schema object). */
  readonly declaredOnly: boolean;
  readonly leaf: LeafRule | undefined;
  readonly literals: readonly (PropertyLiteral | undefined)[] | undefined;
  result: Record<string, unknown> | undefined;
}

/**
 * Copy-on-write map over the children of an object or array: each own key through the schemas
 * that apply to it (see {@link visitObjectChild}); each item through its tuple position or the
 * items schema. The container is copied only when a child changed; otherwise `value` itself
 * comes back. Stops (returning `value`) past the depth limit. With `leaf`, the pass's own rule
 * for leaf properties and items, those are handled in place instead of visited.
 */
export function mapChildren(
  run: CoercionRun,
  info: NodeCoercion,
  value: unknown,
  visit: VisitChild,
  leaf?: LeafRule,
): unknown {
  if (!run.canDescend()) return value;
  if (isPlainObject(value)) {
    const shape = info.object;
    if (shape === undefined) return value;
    const additional = shape.additional;
    // A boolean additionalProperties schema changes nothing: then only declared keys can.
    const declaredOnly =
      shape.patternMatchers.length === 0 &&
      (additional === undefined || typeof additional.schema === "boolean");
    const convertToLiteral = declaredOnly ? leaf?.convertToLiteral : undefined;
    const map: ChildMap = {
      run,
      visit,
      shape,
      info,
      source: value,
      declaredOnly,
      leaf: declaredOnly ? leaf : undefined,
      literals: convertToLiteral === undefined ? undefined : readPropertyLiterals(info, shape),
      result: undefined,
    };
    forEachObjectChild(shape, value, map, mapObjectChild);
    return map.result ?? value;
  }
  if (Array.isArray(value)) return mapArray(run, info, value, visit, leaf);
  return value;
}

function mapObjectChild(map: ChildMap, key: string, before: unknown, index: number): void {
  if (index === -1 && map.declaredOnly) return;
  const leaf = map.leaf;
  const leafType =
    leaf === undefined || index === -1 ? undefined : map.info.propertyLeafTypes[index];
  const literal = map.literals?.[index];
  let after: unknown;
  if (leafType !== undefined && leaf !== undefined) {
    // Exactly what the visit would do, budget included.
    if (matchesJsonType(leafType, before) || !map.run.spend()) return;
    const change = convertLeaf(leaf, leafType, before);
    if (change === undefined) return;
    after = change.to;
    map.run.recordAt(key, propertySegmentsOf(map.shape)[index], change.rule, before, after);
  } else if (literal !== undefined && leaf?.convertToLiteral !== undefined) {
    // Likewise exactly the visit, for a literal property.
    if (!map.run.spend()) return;
    after = leaf.convertToLiteral(literal.value, before);
    if (after === before) return;
    map.run.recordAt(key, propertySegmentsOf(map.shape)[index], leaf.rule, before, after);
  } else {
    after = visitObjectChild(map, key, index, before);
    if (after === before) return;
  }
  // A spread copy keeps every key (and its order); overwriting an own key keeps V8's fast mode.
  map.result ??= copyObject(map.source);
  if (after === null && isDroppedNullSpelling(map, index, before)) {
    delete map.result[key];
    map.run.recordAt(key, propertySegmentsOf(map.shape)[index], "drop-null", null, undefined);
    return;
  }
  setDataProperty(map.result, key, after);
}

/**
 * Whether the null that the lossless `null-string` rule just read from `before` at property
 * `index` goes, as pass 1 drops a `null` there (SPEC §1.5.1: "then the null rules apply"): a
 * declared, optional property whose schema is not a `$ref` and rejects `null`. Only that rule
 * turns a string into `null` under lossless rules.
 */
function isDroppedNullSpelling(map: ChildMap, index: number, before: unknown): boolean {
  if (index === -1 || !map.run.rules.lossless || !isNullSpelling(before)) return false;
  const shape = map.shape;
  return !shape.isRequired[index] && isDroppable(map.run, shape.propertyNodes[index]!);
}

/**
 * Index for index with the shape's `propertyKeys`: the `const` of a property schema that pass 2
 * treats as a literal and nothing else (no `$ref`, and a JSON string is never parsed there),
 * else `undefined`. Read on first use from the properties' own facts, and kept on `info`.
 */
function readPropertyLiterals(
  info: NodeCoercion,
  shape: ObjectShape,
): readonly (PropertyLiteral | undefined)[] {
  if (info.propertyLiterals !== undefined) return info.propertyLiterals;
  const literals = shape.propertyNodes.map((node): PropertyLiteral | undefined => {
    if (typeof node.schema === "boolean") return undefined;
    const child = coercionOf(node);
    const parsesJson = !child.typeHasString && (child.wantsJsonObject || child.wantsJsonArray);
    return !child.hasRef && child.convertRule === "const" && !parsesJson
      ? { value: child.constValue }
      : undefined;
  });
  info.propertyLiterals = literals;
  return literals;
}

function mapArray(
  run: CoercionRun,
  info: NodeCoercion,
  source: readonly unknown[],
  visit: VisitChild,
  leaf: LeafRule | undefined,
): readonly unknown[] {
  const shape = info.array;
  if (shape === undefined) return source;
  const tuple = shape.prefixNodes;
  const rest = shape.rest;
  const itemsLeafType = leaf === undefined ? undefined : info.itemsLeafType;
  let result: unknown[] | undefined;
  for (let index = 0; index < source.length; index++) {
    const node = index < tuple.length ? tuple[index] : rest;
    if (node === undefined) continue;
    const before = source[index];
    let after: unknown;
    if (itemsLeafType !== undefined && leaf !== undefined && index >= tuple.length) {
      // Exactly what the visit would do: spend, then leave a matching item as it is.
      if (!run.spend() || matchesJsonType(itemsLeafType, before)) continue;
      const change = convertLeaf(leaf, itemsLeafType, before);
      if (change === undefined) continue;
      after = change.to;
      run.recordAt(index, undefined, change.rule, before, after);
    } else {
      run.enter(index);
      after = run.acceptsItem(node, before, source.length) ? before : visit(run, node, before);
      run.leave();
      if (after === before) continue;
    }
    result ??= source.slice();
    result[index] = after;
  }
  return result ?? source;
}
