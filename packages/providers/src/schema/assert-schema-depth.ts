import { ProviderError } from "../provider-error";

/** Deeper than this, a schema is refused rather than risk the stack (tool schemas are shallow). */
export const MAX_SCHEMA_DEPTH = 256;

/**
 * Throws `ProviderError("UNSUPPORTED_SCHEMA")` when `schema` nests deeper than
 * {@link MAX_SCHEMA_DEPTH} (which also stops an object graph with a cycle). Iterative, linear in
 * the schema's size, so the recursive passes after it are safe.
 */
export function assertSchemaDepth(toolName: string, schema: unknown): void {
  const stack: [unknown, number][] = [[schema, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== "object" || node === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) {
      throw new ProviderError(
        "UNSUPPORTED_SCHEMA",
        `Tool "${toolName}": its parameters schema nests deeper than ${MAX_SCHEMA_DEPTH} levels (or contains a cycle)`,
      );
    }
    for (const child of Array.isArray(node) ? node : Object.values(node))
      stack.push([child, depth + 1]);
  }
}
