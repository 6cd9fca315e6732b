import { type ObjectShape, propertySegmentsOf } from "../compile/object";
import type { CoercionRun } from "./coercion-run";
import { createObjectEdits, type ObjectEdits } from "./object-edits";

/**
 * The `default` the property schema at `index` declares itself (as written: one behind a `$ref`
 * does not count), boxed (the default itself may be any JSON value, even `null`).
 */
export function readDefault(
  shape: ObjectShape,
  index: number,
): { readonly value: unknown } | undefined {
  const schema = shape.propertyMap?.[shape.propertyKeys[index]!];
  if (typeof schema !== "object" || schema === null || !Object.hasOwn(schema, "default")) {
    return undefined;
  }
  return { value: (schema as { readonly default?: unknown }).default };
}

/**
 * The lossless `default` rule: each **required** property declared in `properties`
 * that `source` lacks and whose own schema declares `default` is added with a fresh copy of the
 * default (optional properties are never filled). Adds to `edits` (made when needed) and records
 * one change per filled key; returns the edits.
 */
export function fillRequiredDefaults(
  run: CoercionRun,
  shape: ObjectShape,
  source: Record<string, unknown>,
  edits: ObjectEdits | undefined,
): ObjectEdits | undefined {
  if (shape.requiredInProperties === 0) return edits;
  const keys = shape.propertyKeys;
  let result = edits;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (!shape.isRequired[index] || Object.hasOwn(source, key)) continue;
    const declared = readDefault(shape, index);
    if (declared === undefined) continue;
    const copy = copyDefault(declared.value);
    if (copy === undefined) continue;
    result ??= createObjectEdits();
    result.replacedKeys.push(key);
    result.replacedValues.push(copy.value);
    run.recordAt(key, propertySegmentsOf(shape)[index], "default", undefined, copy.value);
  }
  return result;
}

/**
 * A deep copy of a schema's default, so the value handed on never shares (and a tool never
 * mutates) the schema's own object; `JSON.parse` defines a `__proto__` key as plain data.
 * `undefined` for a default JSON cannot carry (a cycle, a BigInt).
 */
function copyDefault(value: unknown): { readonly value: unknown } | undefined {
  if (typeof value !== "object" || value === null) return { value };
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}
