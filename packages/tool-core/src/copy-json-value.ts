/**
 * A deep copy of a JSON value for `validateToolArguments`: the tool gets a private copy it may
 * mutate, and the call in the transcript stays as the model wrote it. Hand-written rather than
 * `structuredClone` because it runs on every call (a few hundred nanoseconds instead of
 * microseconds), because it must reject what JSON cannot carry (functions, symbols, bigints, class
 * instances, cycles) with a message naming the place, and because it must not overflow the stack on
 * a 10,000-deep value.
 */

/** Deeper than this, arguments are refused rather than risk the stack. */
export const MAX_ARGUMENT_DEPTH = 512;

/** Why {@link copyJsonValue} refused a value. */
export interface CopyJsonFailure {
  /** JSON Pointer of the offending place. */
  readonly path: string;
  readonly reason: string;
}

/** Copies `value`, or returns why it cannot be copied as JSON. */
export function copyJsonValue(
  value: unknown,
): { ok: true; value: unknown } | { ok: false; failure: CopyJsonFailure } {
  const seen = new Set<object>();
  let failure: CopyJsonFailure | undefined;

  const copy = (current: unknown, path: string, depth: number): unknown => {
    // `undefined` is absent in JSON: the object loop skips it, the array loop writes `null`.
    if (current === undefined) return undefined;
    if (current === null || typeof current === "string" || typeof current === "boolean")
      return current;
    if (typeof current === "number") {
      if (Number.isFinite(current)) return current;
      failure = { path, reason: `${current} is not a JSON number` };
      return undefined;
    }
    if (typeof current !== "object") {
      failure = { path, reason: `a ${typeof current} is not a JSON value` };
      return undefined;
    }
    if (depth >= MAX_ARGUMENT_DEPTH) {
      failure = { path, reason: `nested deeper than ${MAX_ARGUMENT_DEPTH} levels` };
      return undefined;
    }
    if (seen.has(current)) {
      failure = { path, reason: "a cyclic reference is not a JSON value" };
      return undefined;
    }
    seen.add(current);
    let result: unknown;
    if (Array.isArray(current)) {
      const items = new Array<unknown>(current.length);
      for (let index = 0; index < current.length && failure === undefined; index++) {
        const item = copy(current[index], `${path}/${index}`, depth + 1);
        items[index] = item === undefined ? null : item;
      }
      result = items;
    } else {
      const prototype = Object.getPrototypeOf(current);
      if (prototype !== Object.prototype && prototype !== null) {
        failure = { path, reason: "only plain objects are JSON values" };
        return undefined;
      }
      const object: Record<string, unknown> = {};
      for (const key of Object.keys(current)) {
        const item = copy(
          (current as Record<string, unknown>)[key],
          `${path}/${escapePointer(key)}`,
          depth + 1,
        );
        if (failure !== undefined) break;
        if (item === undefined) continue;
        // `__proto__` must stay an own data property, never the prototype.
        if (key === "__proto__") {
          Object.defineProperty(object, key, {
            value: item,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else {
          object[key] = item;
        }
      }
      result = object;
    }
    seen.delete(current);
    return result;
  };

  const result = copy(value, "", 0);
  return failure === undefined ? { ok: true, value: result } : { ok: false, failure };
}

function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}
