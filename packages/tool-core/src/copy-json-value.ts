/**
 * A deep copy of a JSON value for `validateToolArguments`: the tool gets a private copy it may
 * mutate, and the call in the transcript stays as the model wrote it. Hand-written rather than
 * `structuredClone` because it runs on every call (a few hundred nanoseconds instead of
 * microseconds), because it must reject what JSON cannot carry (functions, symbols, bigints, class
 * instances, cycles) with a message naming the place, and because it must not overflow the stack on
 * a 10,000-deep value.
 *
 * The hot path builds no strings: the place of a failure is kept as a stack of keys and turned
 * into a JSON Pointer only when something fails.
 */

/** Deeper than this, arguments are refused rather than risk the stack. */
export const MAX_ARGUMENT_DEPTH = 512;

/** Why {@link copyJsonValue} refused a value. */
export interface CopyJsonFailure {
  /** JSON Pointer of the offending place. */
  readonly path: string;
  readonly reason: string;
}

interface CopyState {
  /** Keys from the root to the value being copied. */
  readonly keys: (string | number)[];
  /** Objects from the root to the value being copied, to recognise a cycle. */
  readonly ancestors: object[];
  failure: CopyJsonFailure | undefined;
}

/** Copies `value`, or returns why it cannot be copied as JSON. */
export function copyJsonValue(
  value: unknown,
): { ok: true; value: unknown } | { ok: false; failure: CopyJsonFailure } {
  const state: CopyState = { keys: [], ancestors: [], failure: undefined };
  const result = copyValue(value, state);
  return state.failure === undefined
    ? { ok: true, value: result }
    : { ok: false, failure: state.failure };
}

function copyValue(current: unknown, state: CopyState): unknown {
  // `undefined` is absent in JSON: the object loop skips it, the array loop writes `null`.
  if (current === undefined || current === null) return current;
  switch (typeof current) {
    case "string":
    case "boolean":
      return current;
    case "number":
      return Number.isFinite(current) ? current : fail(state, `${current} is not a JSON number`);
    case "object":
      return copyContainer(current, state);
    default:
      return fail(state, `a ${typeof current} is not a JSON value`);
  }
}

function copyContainer(current: object, state: CopyState): unknown {
  const { keys, ancestors } = state;
  if (ancestors.length >= MAX_ARGUMENT_DEPTH) {
    return fail(state, `nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  }
  if (ancestors.includes(current)) return fail(state, "a cyclic reference is not a JSON value");
  ancestors.push(current);
  let result: unknown;
  if (Array.isArray(current)) {
    const items = new Array<unknown>(current.length);
    for (let index = 0; index < current.length; index++) {
      keys.push(index);
      const item = copyValue(current[index], state);
      if (state.failure !== undefined) return undefined;
      keys.pop();
      items[index] = item === undefined ? null : item;
    }
    result = items;
  } else {
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) {
      return fail(state, "only plain objects are JSON values");
    }
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(current)) {
      keys.push(key);
      const item = copyValue((current as Record<string, unknown>)[key], state);
      if (state.failure !== undefined) return undefined;
      keys.pop();
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
  ancestors.pop();
  return result;
}

function fail(state: CopyState, reason: string): undefined {
  const path = state.keys
    .map((key) => `/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`)
    .join("");
  state.failure = { path, reason };
  return undefined;
}
