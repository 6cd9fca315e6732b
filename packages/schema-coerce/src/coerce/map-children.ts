import { isPlainObject } from "../compile/value-kind";
import type { JsonSchema } from "../types";
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
 * Copy-on-write map over the children of an object or array: each own key through its
 * `properties` schema, then every matching `patternProperties` schema, else the
 * `additionalProperties` schema; each item through its tuple position or `items`. The container
 * is copied only when a child changed; otherwise `value` itself comes back. Stops (returning
 * `value`) past the depth limit.
 */
export function mapChildren(
  run: CoercionRun,
  info: NodeInfo,
  value: unknown,
  visit: VisitChild,
): unknown {
  if (!run.canDescend()) return value;
  if (isPlainObject(value)) {
    if (!info.hasObjectKeywords) return value;
    // Only declared keys have schemas that can change anything (a boolean additionalProperties
    // schema changes nothing): walk the (usually short) declared list, not the value.
    if (info.patterns.length === 0 && typeof info.additional !== "object") {
      return mapDeclared(run, info, value, visit);
    }
    return mapObject(run, info, value, visit);
  }
  if (Array.isArray(value)) return mapArray(run, info, value, visit);
  return value;
}

function mapDeclared(
  run: CoercionRun,
  info: NodeInfo,
  source: Record<string, unknown>,
  visit: VisitChild,
): Record<string, unknown> {
  const keys = info.propertyKeys;
  let result: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (!objectHasOwnProperty.call(source, key)) continue;
    const before = source[key];
    const leafType = info.propertyLeafTypes[index];
    if (leafType !== undefined && matchesJsonType(leafType, before)) continue;
    run.enter(key, info.propertySegments[index]);
    const after = visit(run, info.propertySchemas[index] as JsonSchema, before);
    run.leave();
    if (after === before) continue;
    // A spread copy keeps every key (and its order); overwriting an own key keeps V8's fast mode.
    result ??= { ...source };
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
  for (const key in source) {
    if (!objectHasOwnProperty.call(source, key)) continue;
    const before = source[key];
    let after = before;
    run.enter(key);
    const propertySchema = info.properties?.get(key);
    if (propertySchema !== undefined) after = visit(run, propertySchema, after);
    let matched = propertySchema !== undefined;
    for (const pattern of info.patterns) {
      if (!pattern.matcher.test(key)) continue;
      matched = true;
      after = visit(run, pattern.schema, after);
    }
    if (!matched && info.additional !== undefined) after = visit(run, info.additional, after);
    run.leave();
    if (after === before) continue;
    // A spread copy keeps every key (and its order); overwriting an own key keeps V8's fast mode.
    result ??= { ...source };
    setDataProperty(result, key, after);
  }
  return result ?? source;
}

function mapArray(
  run: CoercionRun,
  info: NodeInfo,
  source: readonly unknown[],
  visit: VisitChild,
): readonly unknown[] {
  if (info.tuple === undefined && info.items === undefined) return source;
  let result: unknown[] | undefined;
  for (let index = 0; index < source.length; index++) {
    const schema =
      info.tuple !== undefined && index < info.tuple.length ? info.tuple[index] : info.items;
    if (schema === undefined) continue;
    const before = source[index];
    run.enter(index);
    const after = visit(run, schema, before);
    run.leave();
    if (after !== before) {
      result ??= source.slice();
      result[index] = after;
    }
  }
  return result ?? source;
}
