import { copyObject } from "./copy-object";
import { setDataProperty } from "./set-data-property";

/**
 * The keys a walk removes from one object and the values it replaces, collected while walking
 * and applied once at the end with {@link applyObjectEdits}.
 */
export interface ObjectEdits {
  readonly removed: string[];
  readonly replacedKeys: string[];
  readonly replacedValues: unknown[];
}

/** An empty set of edits, made at the first key that changes or goes. */
export function createObjectEdits(): ObjectEdits {
  return { removed: [], replacedKeys: [], replacedValues: [] };
}

/**
 * Up to this many removals, each is one object-rest copy (V8 copies natively, see below); past
 * it, one walk over the keys builds the copy, so removing k of n keys costs n, not k·n — an
 * object with 10,000 unknown keys under `additionalProperties: false` is one pass.
 */
const REST_COPY_LIMIT = 4;

/**
 * A copy of `source` without the removed keys and with the replaced values, in the original
 * key order. A few removals are made with object rest and spread rather than key by key: V8
 * copies in one native step (adding keys one at a time through a computed store costs far more),
 * the copy stays in fast mode (a `delete` would not), and a `__proto__` key is copied as plain
 * data. Without removals the copy is a spread (`copyObject`).
 */
export function applyObjectEdits(
  source: Record<string, unknown>,
  edits: ObjectEdits,
): Record<string, unknown> {
  let result: Record<string, unknown> | undefined;
  if (edits.removed.length > REST_COPY_LIMIT) {
    result = copyWithout(source, new Set(edits.removed));
  } else {
    for (const key of edits.removed) {
      const { [key]: _removed, ...rest } = result ?? source;
      result = rest;
    }
  }
  result ??= copyObject(source);
  for (let index = 0; index < edits.replacedKeys.length; index++) {
    setDataProperty(result, edits.replacedKeys[index] as string, edits.replacedValues[index]);
  }
  return result;
}

/** The own enumerable keys of `source` but `removed`, in order, as plain data. */
function copyWithout(
  source: Record<string, unknown>,
  removed: ReadonlySet<string>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (!removed.has(key)) setDataProperty(result, key, source[key]);
  }
  return result;
}
