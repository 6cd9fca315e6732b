/**
 * A deep copy of a JSON value for `validateToolArguments`: the tool gets a private copy it may
 * mutate, and the call in the transcript stays as the model wrote it. Hand-written rather than
 * `structuredClone` because it runs on every call (a few hundred nanoseconds instead of
 * microseconds), because it must reject what JSON cannot carry (functions, symbols, bigints, class
 * instances, cycles) with a message naming the place, and because it must not overflow the stack on
 * a 10,000-deep value.
 *
 * The hot path builds no strings and keeps no stack: a failure is returned up the recursion, each
 * container adding its key, and turned into a JSON Pointer at the top.
 */
import { setDataProperty, toJsonPointer } from "@toolwright/schema-coerce";

/** Deeper than this, arguments are refused rather than risk the stack. */
export const MAX_ARGUMENT_DEPTH = 512;

/** Why {@link copyJsonValue} refused a value. */
export interface CopyJsonFailure {
  /** JSON Pointer of the offending place. */
  readonly path: string;
  readonly reason: string;
}

/**
 * Why a copy stopped, carried back up as the return value: each container on the way up adds its
 * key, so the success path keeps no stack of keys at all.
 */
class Refusal {
  /** Keys from the offending place up to the root (reversed when the failure is made). */
  readonly keys: (string | number)[] = [];
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

/** The containers from the root down to the one being copied, to recognise a cycle. */
interface Ancestor {
  readonly value: object;
  readonly parent: Ancestor | undefined;
}

/** Copies `value`, or returns why it cannot be copied as JSON. */
export function copyJsonValue(
  value: unknown,
): { ok: true; value: unknown } | { ok: false; failure: CopyJsonFailure } {
  const result = copyValue(value, undefined, 0);
  if (!(result instanceof Refusal)) return { ok: true, value: result };
  const path = toJsonPointer(result.keys.reverse());
  return { ok: false, failure: { path, reason: result.reason } };
}

/**
 * `ancestors` holds the containers above `current` (not `current` itself), `depth` how many. Per
 * call this allocates the copies and, for each container with a container inside, one
 * {@link Ancestor} — nothing for a flat object, the usual tool arguments.
 */
function copyValue(current: unknown, ancestors: Ancestor | undefined, depth: number): unknown {
  // `undefined` is absent in JSON: the object loop skips it, the array loop writes `null`.
  if (current === undefined || current === null) return current;
  switch (typeof current) {
    case "string":
    case "boolean":
      return current;
    case "number":
      return Number.isFinite(current) ? current : new Refusal(`${current} is not a JSON number`);
    case "object":
      return copyContainer(current, ancestors, depth);
    default:
      return new Refusal(`a ${typeof current} is not a JSON value`);
  }
}

function copyContainer(current: object, ancestors: Ancestor | undefined, depth: number): unknown {
  if (depth >= MAX_ARGUMENT_DEPTH) {
    return new Refusal(`nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  }
  for (let above = ancestors; above !== undefined; above = above.parent) {
    if (above.value === current) return new Refusal("a cyclic reference is not a JSON value");
  }
  // The chain a child container sees, made when the first one is met.
  let chain: Ancestor | undefined;
  if (Array.isArray(current)) {
    const items = new Array<unknown>(current.length);
    for (let index = 0; index < current.length; index++) {
      let item: unknown = current[index];
      if (typeof item === "object" && item !== null) {
        chain ??= { value: current, parent: ancestors };
        item = copyContainer(item, chain, depth + 1);
      } else {
        item = copyValue(item, undefined, depth + 1);
      }
      if (item instanceof Refusal) {
        item.keys.push(index);
        return item;
      }
      items[index] = item === undefined ? null : item;
    }
    return items;
  }
  const prototype = Object.getPrototypeOf(current);
  if (prototype !== Object.prototype && prototype !== null) {
    return new Refusal("only plain objects are JSON values");
  }
  const object: Record<string, unknown> = {};
  // `for…in` walks a plain object's own keys in `Object.keys` order without allocating their
  // array; `Object.hasOwn` leaves out anything enumerable on `Object.prototype`.
  for (const key in current) {
    if (!Object.hasOwn(current, key)) continue;
    let item: unknown = (current as Record<string, unknown>)[key];
    if (typeof item === "object" && item !== null) {
      chain ??= { value: current, parent: ancestors };
      item = copyContainer(item, chain, depth + 1);
    } else {
      item = copyValue(item, undefined, depth + 1);
    }
    if (item instanceof Refusal) {
      item.keys.push(key);
      return item;
    }
    if (item === undefined) continue;
    // `__proto__` must stay an own data property, never the prototype.
    setDataProperty(object, key, item);
  }
  return object;
}
