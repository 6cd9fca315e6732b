import { toPointerSegment } from "./coerce/to-pointer-segment";

/**
 * The JSON Pointer (RFC 6901) of a path given as segments: `[]` → `""`, `["edits", 0, "a/b"]` →
 * `/edits/0/a~1b` (`~` → `~0`, `/` → `~1`). The same escaping every issue and change path of this
 * package uses; {@link formatIssuePath} reads such a pointer back for a model.
 */
export function toJsonPointer(segments: readonly (string | number)[]): string {
  let pointer = "";
  for (const segment of segments) pointer += toPointerSegment(segment);
  return pointer;
}
