/** RFC 6901 `json-pointer` and `relative-json-pointer`. */

const pointerPattern = /^(?:\/(?:[^~/]|~[01])*)*$/u;
const relativePattern = /^(?:0|[1-9]\d*)(?:[+-](?:0|[1-9]\d*))?(?:#|(?:\/(?:[^~/]|~[01])*)*)$/u;

/** A JSON Pointer (`""`, `/a/b~1c`). */
export function isJsonPointer(value: string): boolean {
  return pointerPattern.test(value);
}

/** A relative JSON Pointer (`0`, `1/a`, `2#`, `0+1/b`). */
export function isRelativeJsonPointer(value: string): boolean {
  return relativePattern.test(value);
}
