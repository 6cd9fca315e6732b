import { collectorOf } from "../keywords/collector-of";
import type { Evaluated, Scope } from "../schema-node";
import { checkObject } from "./check-object";
import { forEachObjectChild, isClaimedKey } from "./for-each-object-child";
import type { ObjectShape } from "./object-shape";

const hasOwn = Object.hasOwn;

/**
 * The collecting form of an object node (for `unevaluatedProperties`): validates like
 * {@link checkObject} and records into `evaluated` the keys its `properties` and
 * `patternProperties` claimed (every key, with `additionalProperties`), and what the
 * `dependentSchemas` that apply evaluated.
 */
export function collectObject(
  shape: ObjectShape,
  value: unknown,
  scope: Scope,
  evaluated: Evaluated,
): boolean {
  let valid = checkObject(shape, value, scope);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return valid;
  const object = value as Record<string, unknown>;
  if (shape.additional !== undefined) {
    evaluated.allProperties = true;
  } else if (shape.propertyKeys.length > 0 || shape.patternMatchers.length > 0) {
    forEachObjectChild(shape, object, { shape, evaluated }, noteEvaluatedKey);
  }
  for (const dependency of shape.dependencies) {
    if (dependency.node !== undefined && hasOwn(object, dependency.key)) {
      if (!collectorOf(dependency.node)(object, scope, evaluated)) valid = false;
    }
  }
  return valid;
}

function noteEvaluatedKey(
  state: { readonly shape: ObjectShape; readonly evaluated: Evaluated },
  key: string,
  _value: unknown,
  index: number,
): void {
  if (!isClaimedKey(state.shape, key, index)) return;
  state.evaluated.properties ??= new Set();
  state.evaluated.properties.add(key);
}
