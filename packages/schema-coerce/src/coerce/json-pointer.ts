/** A JSON Pointer (`""` for the root) from the first `length` segments of a path. */
export function toJsonPointer(segments: readonly (string | number)[], length: number): string {
  let pointer = "";
  for (let index = 0; index < length; index++) {
    const segment = segments[index];
    pointer += typeof segment === "number" ? `/${segment}` : `/${escapeSegment(segment ?? "")}`;
  }
  return pointer;
}

const tilde = 126;
const slash = 47;

/** `~` → `~0`, `/` → `~1`; a scan by char code first, since almost no key needs it. */
function escapeSegment(segment: string): string {
  for (let index = 0; index < segment.length; index++) {
    const code = segment.charCodeAt(index);
    if (code === tilde || code === slash) {
      return segment.replaceAll("~", "~0").replaceAll("/", "~1");
    }
  }
  return segment;
}
