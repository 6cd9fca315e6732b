/**
 * A structural diff of two JSON values, for explaining why two declarations serialise differently.
 * Iterative (an explicit stack, depth-first in key order), so a deeply nested schema cannot
 * overflow the call stack.
 */
import { toJsonPointer } from "@toolwright/schema-coerce";

/** One difference between two JSON values, at a JSON Pointer. */
export type JsonDifference =
  | { readonly type: "added"; readonly path: string; readonly current: unknown }
  | { readonly type: "removed"; readonly path: string; readonly previous: unknown }
  | {
      readonly type: "changed";
      readonly path: string;
      readonly previous: unknown;
      readonly current: unknown;
    }
  | {
      /** The same keys (among those both have) in another order: a different serialisation. */
      readonly type: "keyOrder";
      readonly path: string;
      readonly previous: readonly string[];
      readonly current: readonly string[];
    };

interface Pending {
  readonly path: string;
  readonly previous: unknown;
  readonly current: unknown;
}

/** Every difference between `previous` and `current`, both plain JSON values. */
export function diffJsonValues(previous: unknown, current: unknown): JsonDifference[] {
  const differences: JsonDifference[] = [];
  const stack: Pending[] = [{ path: "", previous, current }];
  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    const children: Pending[] = [];
    if (Array.isArray(item.previous) && Array.isArray(item.current)) {
      diffArrays(item, children, differences);
    } else if (isPlainObject(item.previous) && isPlainObject(item.current)) {
      diffObjects(item, item.previous, item.current, children, differences);
    } else if (item.previous !== item.current) {
      differences.push({
        type: "changed",
        path: item.path,
        previous: item.previous,
        current: item.current,
      });
    }
    // Reversed, so the stack pops the children in their natural order.
    for (let index = children.length - 1; index >= 0; index--)
      stack.push(children[index] as Pending);
  }
  return differences;
}

function diffArrays(item: Pending, children: Pending[], differences: JsonDifference[]): void {
  const previous = item.previous as readonly unknown[];
  const current = item.current as readonly unknown[];
  const shared = Math.min(previous.length, current.length);
  for (let index = 0; index < shared; index++) {
    children.push({
      path: `${item.path}/${index}`,
      previous: previous[index],
      current: current[index],
    });
  }
  for (let index = shared; index < previous.length; index++) {
    differences.push({ type: "removed", path: `${item.path}/${index}`, previous: previous[index] });
  }
  for (let index = shared; index < current.length; index++) {
    differences.push({ type: "added", path: `${item.path}/${index}`, current: current[index] });
  }
}

function diffObjects(
  item: Pending,
  previous: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  children: Pending[],
  differences: JsonDifference[],
): void {
  const previousKeys = Object.keys(previous);
  const currentKeys = Object.keys(current);
  const sharedPrevious = previousKeys.filter((key) => Object.hasOwn(current, key));
  const sharedCurrent = currentKeys.filter((key) => Object.hasOwn(previous, key));
  if (sharedPrevious.some((key, index) => sharedCurrent[index] !== key)) {
    differences.push({
      type: "keyOrder",
      path: item.path,
      previous: sharedPrevious,
      current: sharedCurrent,
    });
  }
  for (const key of previousKeys) {
    const path = `${item.path}${toJsonPointer([key])}`;
    if (Object.hasOwn(current, key)) {
      children.push({ path, previous: previous[key], current: current[key] });
    } else {
      differences.push({ type: "removed", path, previous: previous[key] });
    }
  }
  for (const key of currentKeys) {
    if (Object.hasOwn(previous, key)) continue;
    differences.push({
      type: "added",
      path: `${item.path}${toJsonPointer([key])}`,
      current: current[key],
    });
  }
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
