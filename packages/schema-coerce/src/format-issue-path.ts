/**
 * Turns a JSON Pointer into the dotted path shown to a model: `""` → `root`,
 * `/edits/0/oldText` → `edits.0.oldText` (segments unescaped: `~1` → `/`, `~0` → `~`).
 */
export function formatIssuePath(pointer: string): string {
  if (pointer === "") return "root";
  const body = pointer.startsWith("/") ? pointer.slice(1) : pointer;
  return body
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}
