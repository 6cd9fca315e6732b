/**
 * RFC 6901 `json-pointer` and `relative-json-pointer` (draft 2020-12's, with the `+N` / `-N`
 * index manipulation, and draft 7's without it). Scanners, not regular expressions: linear, and
 * they never throw whatever the length.
 */

/** Whether `value` from `start` on is a JSON Pointer: `""` or `/`-led segments, `~` only as `~0`/`~1`. */
function isPointerFrom(value: string, start: number): boolean {
  const length = value.length;
  if (start < length && value.charCodeAt(start) !== 0x2f /* / */) return false;
  for (let index = start; index < length; index++) {
    if (value.charCodeAt(index) !== 0x7e /* ~ */) continue;
    const next = value.charCodeAt(index + 1);
    if (next !== 0x30 && next !== 0x31) return false;
    index += 1;
  }
  return true;
}

/** A JSON Pointer (`""`, `/a/b~1c`). */
export function isJsonPointer(value: string): boolean {
  return isPointerFrom(value, 0);
}

/** The end of a non-negative integer without leading zeros at `start`, or -1. */
function readInteger(value: string, start: number): number {
  const first = value.charCodeAt(start);
  if (first === 0x30) return start + 1;
  if (!(first >= 0x31 && first <= 0x39)) return -1;
  let index = start + 1;
  while (index < value.length) {
    const code = value.charCodeAt(index);
    if (code < 0x30 || code > 0x39) break;
    index++;
  }
  return index;
}

function isRelativePointer(value: string, indexManipulation: boolean): boolean {
  let index = readInteger(value, 0);
  if (index === -1) return false;
  const sign = value.charCodeAt(index);
  if (indexManipulation && (sign === 0x2b /* + */ || sign === 0x2d) /* - */) {
    index = readInteger(value, index + 1);
    if (index === -1) return false;
  }
  if (index === value.length - 1 && value.charCodeAt(index) === 0x23 /* # */) return true;
  return isPointerFrom(value, index);
}

/** A relative JSON Pointer as draft 2020-12 reads it (`0`, `1/a`, `2#`, `0+1/b`). */
export function isRelativeJsonPointer(value: string): boolean {
  return isRelativePointer(value, true);
}

/**
 * A relative JSON Pointer as draft 7 reads it (draft-handrews-relative-json-pointer-01): no
 * index manipulation, so `"0+1"` is not one.
 */
export function isDraft7RelativeJsonPointer(value: string): boolean {
  return isRelativePointer(value, false);
}
