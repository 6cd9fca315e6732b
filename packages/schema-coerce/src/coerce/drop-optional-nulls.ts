import { findKey } from "../compile/object/find-key";
import { enumeratesOwnKeysOnly } from "../compile/object/own-keys";
import { isPlainObject } from "../compile/value-kind";
import type { JsonSchema } from "../types";
import type { CoercionRun } from "./coercion-run";
import type { NodeInfo } from "./describe-node";
import { fillRequiredDefaults, readDefault } from "./fill-required-defaults";
import { visitObjectChild } from "./map-children";
import { applyObjectEdits, createObjectEdits, type ObjectEdits } from "./object-edits";
import { objectHasOwnProperty } from "./object-has-own-property";

/**
 * Pass 1 (SPEC §1.4): removes a declared property whose value is `null` when it is optional,
 * its schema is not a `$ref` and its schema rejects `null` — the model meant "not given".
 * Under lossless rules (SPEC §1.5) it also removes such a property whose value is `""` that its
 * schema rejects (`drop-empty`), and fills a missing required property whose schema declares a
 * `default` (`default`).
 * Walks only `properties`, `patternProperties`, `additionalProperties` and array items; never
 * looks through `$ref` or combinators, and never removes a key that only a pattern or
 * `additionalProperties` matches. Returns `value` itself when nothing was removed.
 */
export function dropOptionalNulls(run: CoercionRun, node: JsonSchema, value: unknown): unknown {
  if (typeof node === "boolean" || !run.spend() || !run.canDescend()) return value;
  const info = run.describe(node);
  if (!dropsNullsBelow(run, info)) return value;
  if (isPlainObject(value)) {
    return info.hasObjectKeywords ? dropInObject(run, info, value) : value;
  }
  if (Array.isArray(value) && (info.tuple !== undefined || info.items !== undefined)) {
    return dropInArray(run, info, value);
  }
  return value;
}

function dropInObject(run: CoercionRun, info: NodeInfo, source: Record<string, unknown>) {
  let edits: ObjectEdits | undefined;
  const ownOnly = enumeratesOwnKeysOnly(source);
  const lossless = run.rules.lossless;
  let cursor = 0;
  for (const key in source) {
    if (!ownOnly && !objectHasOwnProperty.call(source, key)) continue;
    const before = source[key];
    // Only a null (or, lossless, a "") can go, and only objects and arrays hold more: other
    // children need no visit.
    const empty = before === "" && lossless;
    if (typeof before !== "object" && !empty) continue;
    const propertyIndex = findKey(info.propertyKeys, key, cursor);
    if (propertyIndex !== -1) cursor = propertyIndex + 1;
    if (before === null || empty) {
      const propertySchema = propertyIndex === -1 ? undefined : info.propertySchemas[propertyIndex];
      if (
        propertySchema !== undefined &&
        !info.required.has(key) &&
        (empty ? isEmptyDroppable(run, propertySchema) : isDroppable(run, propertySchema))
      ) {
        edits ??= createObjectEdits();
        edits.removed.push(key);
        const rule = empty ? "drop-empty" : "drop-null";
        run.recordRemoval(rule, key, before, info.propertySegments[propertyIndex]);
      }
      continue;
    }
    const after = visitObjectChild(run, info, key, propertyIndex, before, dropOptionalNulls);
    if (after !== before) {
      edits ??= createObjectEdits();
      edits.replacedKeys.push(key);
      edits.replacedValues.push(after);
    }
  }
  if (lossless) edits = fillRequiredDefaults(run, info, source, edits);
  return edits === undefined ? source : applyObjectEdits(source, edits, info.copyObject);
}

function dropInArray(run: CoercionRun, info: NodeInfo, source: readonly unknown[]) {
  let result: unknown[] | undefined;
  for (let index = 0; index < source.length; index++) {
    const schema =
      info.tuple !== undefined && index < info.tuple.length ? info.tuple[index] : info.items;
    if (schema === undefined) continue;
    const before = source[index];
    if (typeof before !== "object" || before === null) continue;
    run.enter(index);
    const after = dropOptionalNulls(run, schema, before);
    run.leave();
    if (after !== before) {
      result ??= source.slice();
      result[index] = after;
    }
  }
  return result ?? source;
}

/**
 * Whether pass 1 can change any value at `info`'s node: some optional declared property is
 * droppable there, or some child schema the walk descends into can drop one. Judged once per node
 * from the schema; most tool schemas have whole subtrees (required-only objects, arrays of
 * scalars, anything behind a `$ref`) where the walk would only read. A node met again while its
 * own answer is being worked out (only a cyclic schema object could do that) counts as "can
 * drop", which means walking as before rather than recursing forever.
 */
function dropsNullsBelow(run: CoercionRun, info: NodeInfo): boolean {
  if (info.dropsNulls !== undefined) return info.dropsNulls;
  if (info.siblingsIgnored) {
    info.dropsNulls = false;
    return false;
  }
  info.dropsNulls = true;
  let drops = false;
  const keys = info.propertyKeys;
  const lossless = run.rules.lossless;
  for (let index = 0; index < keys.length && !drops; index++) {
    const schema = info.propertySchemas[index] as JsonSchema;
    const required = info.required.has(keys[index] as string);
    drops =
      (!required && isDroppable(run, schema)) ||
      (lossless && !required && isEmptyDroppable(run, schema)) ||
      (lossless && required && readDefault(schema) !== undefined) ||
      childDropsNulls(run, schema);
  }
  for (const pattern of info.patterns) drops ||= childDropsNulls(run, pattern.schema);
  for (const schema of info.tuple ?? []) drops ||= childDropsNulls(run, schema);
  if (info.additional !== undefined) drops ||= childDropsNulls(run, info.additional);
  if (info.items !== undefined) drops ||= childDropsNulls(run, info.items);
  info.dropsNulls = drops;
  return drops;
}

function childDropsNulls(run: CoercionRun, schema: JsonSchema): boolean {
  return typeof schema !== "boolean" && dropsNullsBelow(run, run.describe(schema));
}

/** A `$ref` schema is never dropped (pass 1 does not look through it); others when they reject null. */
function isDroppable(run: CoercionRun, schema: JsonSchema): boolean {
  if (typeof schema === "boolean") return !schema;
  const info = run.describe(schema);
  if (info.hasRef) return false;
  info.acceptsNull ??= run.accepts(schema, null);
  return !info.acceptsNull;
}

/** Lossless `drop-empty`: like {@link isDroppable}, for a `""` the schema rejects. */
function isEmptyDroppable(run: CoercionRun, schema: JsonSchema): boolean {
  if (typeof schema === "boolean") return !schema;
  const info = run.describe(schema);
  if (info.hasRef) return false;
  info.acceptsEmptyString ??= run.accepts(schema, "");
  return !info.acceptsEmptyString;
}
