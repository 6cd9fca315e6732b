/**
 * The one walk over an object's own keys that finds each key's children in an
 * {@link ObjectShape}, and the one rule for which schemas apply to a key: its `properties`
 * entry, then every `patternProperties` schema whose pattern matches, else (neither matched)
 * `additionalProperties`. The validator's report and collecting forms and every coercion pass
 * go through here. `checkObject` keeps its own loop over the same rule (see there): it is the
 * hot path of validation, and a callback per key measured slower there.
 */
import type { SchemaNode } from "../schema-node";
import { findKey } from "./find-key";
import type { ObjectShape } from "./object-shape";
import { enumeratesOwnKeysOnly } from "./own-keys";

// `hasOwnProperty.call` inside for-in is a pattern V8 optimises; `Object.hasOwn` is not.
const ownProperty = Object.prototype.hasOwnProperty;

/**
 * Called once per own key of the walked object.
 *
 * **Contract:** may read `state` and write to it (that is what it is for); must not add or remove
 * keys of the walked object; should not throw (a throw ends the walk and propagates).
 */
export type ObjectChildVisitor<State> = (
  state: State,
  key: string,
  value: unknown,
  propertyIndex: number,
) => void;

/**
 * Visits each own enumerable key of `object` once, in the object's order, with its value and the
 * index of its `properties` entry in `shape` (-1 when it has none), calling `visit`. Keys usually
 * come in schema order, so the declared name is found a few places past a cursor (see `findKey`);
 * `for…in` reads the keys without an array of them, and keys only a prototype adds are skipped.
 *
 * One function for every visitor: a walk closure per visitor, which kept the call of `visit`
 * monomorphic, measured no faster (docs/performance.md).
 */
export function forEachObjectChild<State>(
  shape: ObjectShape,
  object: Record<string, unknown>,
  state: State,
  visit: ObjectChildVisitor<State>,
): void {
  const keys = shape.propertyKeys;
  const ownOnly = enumeratesOwnKeysOnly(object);
  let cursor = 0;
  for (const key in object) {
    if (!ownOnly && !ownProperty.call(object, key)) continue;
    const index = findKey(keys, key, cursor);
    if (index !== -1) cursor = index + 1;
    visit(state, key, object[key], index);
  }
}

/**
 * One step of {@link foldExtraChildren}: the value of the child `key` after `node`. `additional`
 * says `node` applies as `additionalProperties` (not as a pattern's schema).
 *
 * **Contract:** may write to `state`; returns `value` itself when it changes nothing; should not
 * throw.
 */
export type ExtraChildStep<State> = (
  state: State,
  node: SchemaNode,
  value: unknown,
  key: string,
  additional: boolean,
) => unknown;

/**
 * Threads `value` through the schemas that apply to `key` beyond its `properties` entry: every
 * `patternProperties` schema whose pattern matches, in schema order; when none matched and the
 * key is not `declared`, `additionalProperties` (when present). Returns the last step's value.
 */
export function foldExtraChildren<State>(
  shape: ObjectShape,
  key: string,
  declared: boolean,
  value: unknown,
  state: State,
  step: ExtraChildStep<State>,
): unknown {
  const matchers = shape.patternMatchers;
  let matched = declared;
  let result = value;
  for (let index = 0; index < matchers.length; index++) {
    if (!matchers[index]!.test(key)) continue;
    matched = true;
    result = step(state, shape.patternNodes[index]!, result, key, false);
  }
  const additional = shape.additional;
  if (!matched && additional !== undefined) result = step(state, additional, result, key, true);
  return result;
}

/** Whether a `properties` entry or a pattern claims `key` (else `additionalProperties` would). */
export function isClaimedKey(shape: ObjectShape, key: string, propertyIndex: number): boolean {
  if (propertyIndex !== -1) return true;
  const matchers = shape.patternMatchers;
  for (let index = 0; index < matchers.length; index++) {
    if (matchers[index]!.test(key)) return true;
  }
  return false;
}
