const tilde = 126;
const slash = 47;

/** `"/0"` to `"/63"`: the segments of the array indices changes are most often recorded under. */
const indexSegments: readonly string[] = Array.from({ length: 64 }, (_, index) => `/${index}`);

/**
 * One JSON Pointer segment with its leading `/`: an array index as is, a key with `~` → `~0`
 * and `/` → `~1`. Scans char codes first, since almost no key needs escaping.
 */
export function toPointerSegment(segment: string | number): string {
  if (typeof segment === "number") return indexSegments[segment] ?? `/${segment}`;
  for (let index = 0; index < segment.length; index++) {
    const code = segment.charCodeAt(index);
    if (code === tilde || code === slash) {
      return `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    }
  }
  return `/${segment}`;
}
