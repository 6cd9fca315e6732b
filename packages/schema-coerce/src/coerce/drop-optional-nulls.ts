import { forEachObjectChild, propertySegmentsOf } from "../compile/object";
import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { dropsNullsBelow, isDroppable, isEmptyDroppable } from "./drops-nulls-below";
import { fillRequiredDefaults } from "./fill-required-defaults";
import { fillsDefaultsBelow } from "./fills-defaults-below";
import { holdsNullOrEmpty } from "./holds-null-or-empty";
import { type PassWalk, visitObjectChild } from "./map-children";
import type { NodeCoercion } from "./node-coercion";
import { applyObjectEdits, createObjectEdits, type ObjectEdits } from "./object-edits";

/**
 * Pass 1: removes a declared property whose value is `null` when it is optional,
 * its schema is not a `$ref` and its schema rejects `null` — the model meant "not given".
 * Under lossless rules it also removes such a property whose value is `""` that its
 * schema rejects (`drop-empty`), and fills a missing required property whose schema declares a
 * `default` (`default`).
 * Walks only `properties`, `patternProperties`, `additionalProperties` and array items; never
 * looks through `$ref` or combinators, and never removes a key that only a pattern or
 * `additionalProperties` matches. Returns `value` itself when nothing was removed.
 */
export function dropOptionalNulls(run: CoercionRun, node: SchemaNode, value: unknown): unknown {
  if (typeof node.schema === "boolean" || !run.spend() || !run.canDescend()) return value;
  const info = run.describe(node);
  if (!dropsNullsBelow(run, node)) return value;
  if (isPlainObject(value)) return dropInObject(run, info, value);
  if (Array.isArray(value) && info.array !== undefined) return dropInArray(run, info, value);
  return value;
}

/**
 * Pass 1 over a whole value, as the coercer runs it: {@link dropOptionalNulls} from `node`, left
 * out when the value cannot give it anything to do. The pass only removes a `null` or a `""` and
 * fills a required property's `default`; a value that holds neither (see `holdsNullOrEmpty`, a
 * walk without the schema, several times cheaper than the pass's own) under a schema that fills no
 * default comes back unchanged either way. Most payloads hold no `null` at all.
 */
export function dropOptionalNullsFromRoot(
  run: CoercionRun,
  node: SchemaNode,
  value: unknown,
): unknown {
  if (typeof node.schema === "boolean" || !dropsNullsBelow(run, node)) return value;
  if (!(run.rules.lossless && fillsDefaultsBelow(run, node)) && !holdsNullOrEmpty(value, 0)) {
    return value;
  }
  return dropOptionalNulls(run, node, value);
}

/** The state of one {@link dropInObject} walk. */
interface DropWalk extends PassWalk {
  readonly lossless: boolean;
  edits: ObjectEdits | undefined;
}

function dropInObject(run: CoercionRun, info: NodeCoercion, source: Record<string, unknown>) {
  const shape = info.object;
  if (shape === undefined) return source;
  const lossless = run.rules.lossless;
  const walk: DropWalk = { run, visit: dropOptionalNulls, shape, lossless, edits: undefined };
  forEachObjectChild(shape, source, walk, dropOrVisitKey);
  let edits = walk.edits;
  // `fillsDefaults` is false only once known: then no required property here has a default.
  if (lossless && info.fillsDefaults !== false) {
    edits = fillRequiredDefaults(run, shape, source, edits);
  }
  return edits === undefined ? source : applyObjectEdits(source, edits);
}

function dropOrVisitKey(walk: DropWalk, key: string, before: unknown, index: number): void {
  // Only a null (or, lossless, a "") can go, and only objects and arrays hold more: other
  // children need no visit.
  const empty = before === "" && walk.lossless;
  if (typeof before !== "object" && !empty) return;
  const shape = walk.shape;
  if (before === null || empty) {
    if (index === -1 || shape.isRequired[index]) return;
    const node = shape.propertyNodes[index]!;
    if (!(empty ? isEmptyDroppable(walk.run, node) : isDroppable(walk.run, node))) return;
    walk.edits ??= createObjectEdits();
    walk.edits.removed.push(key);
    const segment = propertySegmentsOf(shape)[index];
    walk.run.recordRemoval(empty ? "drop-empty" : "drop-null", key, before, segment);
    return;
  }
  const after = visitObjectChild(walk, key, index, before);
  if (after !== before) {
    walk.edits ??= createObjectEdits();
    walk.edits.replacedKeys.push(key);
    walk.edits.replacedValues.push(after);
  }
}

function dropInArray(run: CoercionRun, info: NodeCoercion, source: readonly unknown[]) {
  const tuple = info.array?.prefixNodes ?? [];
  const rest = info.array?.rest;
  let result: unknown[] | undefined;
  for (let index = 0; index < source.length; index++) {
    const node = index < tuple.length ? tuple[index] : rest;
    if (node === undefined) continue;
    const before = source[index];
    if (typeof before !== "object" || before === null) continue;
    run.enter(index);
    const after = run.acceptsItem(node, before, source.length)
      ? before
      : dropOptionalNulls(run, node, before);
    run.leave();
    if (after !== before) {
      result ??= source.slice();
      result[index] = after;
    }
  }
  return result ?? source;
}
