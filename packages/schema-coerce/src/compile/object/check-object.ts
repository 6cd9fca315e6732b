import { isLeafValid, LEAF_NONE } from "../leaf-check";
import type { Scope } from "../schema-node";
import { findKey } from "./find-key";
import type { ObjectShape } from "./object-shape";
import { enumeratesOwnKeysOnly } from "./own-keys";

const hasOwn = Object.hasOwn;
// `hasOwnProperty.call` inside for-in is a pattern V8 optimises; `Object.hasOwn` is not.
const ownProperty = Object.prototype.hasOwnProperty;

/**
 * The fast path of an object node: whether `value` passes every object keyword of `shape`
 * (a non-object passes unless the shape carries the fused type guard). Allocates nothing.
 *
 * It walks the own keys itself rather than through the object walk (`forEachObjectChild`):
 * this loop is most of validation time, and a visitor call and state object per object measured
 * slower. The rule is the same — the `properties` entry, then every
 * matching pattern, else `additionalProperties` — with leaves tested by their code in place.
 */
export function checkObject(shape: ObjectShape, value: unknown, scope: Scope): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return shape.guard === undefined;
  }
  const object = value as Record<string, unknown>;
  const keys = shape.propertyKeys;
  const leafCodes = shape.leafCodes;
  const patternCount = shape.patternMatchers.length;
  const propertyNames = shape.propertyNames;
  const ownOnly = enumeratesOwnKeysOnly(object);
  let count = 0;
  let requiredSeen = 0;
  let cursor = 0;
  for (const key in object) {
    if (!ownOnly && !ownProperty.call(object, key)) continue;
    count++;
    const index = findKey(keys, key, cursor);
    if (index !== -1) {
      cursor = index + 1;
      const code = leafCodes[index]!;
      if (
        code !== LEAF_NONE
          ? !isLeafValid(code, object[key], shape.leafLows[index]!, shape.leafHighs[index]!)
          : !shape.propertyNodes[index]!.check(object[key], scope)
      ) {
        return false;
      }
      if (shape.isRequired[index]) requiredSeen++;
      if (patternCount > 0 && !checkExtraKey(shape, object[key], key, true, scope)) return false;
    } else if (shape.hasExtraRules && !checkExtraKey(shape, object[key], key, false, scope)) {
      return false;
    }
    if (propertyNames !== undefined && !propertyNames.check(key, scope)) return false;
  }
  if (requiredSeen < shape.requiredInProperties) return false;
  if (count < shape.minProperties || count > shape.maxProperties) return false;
  const elsewhere = shape.requiredElsewhere;
  for (let index = 0; index < elsewhere.length; index++) {
    if (!hasOwn(object, elsewhere[index]!)) return false;
  }
  return shape.dependencies.length === 0 || checkDependencies(shape, object, scope);
}

/**
 * Whether `key`'s value passes the schemas beyond its `properties` entry: each matching pattern's,
 * and `additionalProperties` when nothing claimed the key (`foldExtraChildren`'s rule, inline).
 */
function checkExtraKey(
  shape: ObjectShape,
  value: unknown,
  key: string,
  declared: boolean,
  scope: Scope,
): boolean {
  const matchers = shape.patternMatchers;
  let matched = declared;
  for (let index = 0; index < matchers.length; index++) {
    if (matchers[index]!.test(key)) {
      matched = true;
      if (!shape.patternNodes[index]!.check(value, scope)) return false;
    }
  }
  const additional = shape.additional;
  if (matched || additional === undefined) return true;
  return !shape.additionalFalse && additional.check(value, scope);
}

function checkDependencies(
  shape: ObjectShape,
  object: Record<string, unknown>,
  scope: Scope,
): boolean {
  const dependencies = shape.dependencies;
  for (let index = 0; index < dependencies.length; index++) {
    const dependency = dependencies[index]!;
    if (!hasOwn(object, dependency.key)) continue;
    const names = dependency.required;
    if (names !== undefined) {
      for (let inner = 0; inner < names.length; inner++) {
        if (!hasOwn(object, names[inner]!)) return false;
      }
    }
    if (dependency.node !== undefined && !dependency.node.check(object, scope)) return false;
  }
  return true;
}
