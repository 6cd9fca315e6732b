/** A JSON Pointer (`""` for the root) from the segments of a path, escaping `~` and `/`. */
export function toJsonPointer(segments: readonly (string | number)[], length: number): string {
  let pointer = "";
  for (let index = 0; index < length; index++) {
    const segment = segments[index];
    pointer += `/${typeof segment === "number" ? segment : escapeSegment(segment ?? "")}`;
  }
  return pointer;
}

function escapeSegment(segment: string): string {
  if (!segment.includes("~") && !segment.includes("/")) return segment;
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}
