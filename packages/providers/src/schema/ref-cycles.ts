// Which local `$ref` targets lie on a cycle. A recursive target cannot be inlined (rule I), is
// refused by Anthropic, and bounds the nesting measure.
import { isLocalRef, isSchemaObject, resolveLocalRef } from "./schema-node";

/** Answers "does this `$ref` target reach itself?" for one root, caching per target. */
export interface RefCycles {
  isRecursive(ref: string): boolean;
  /** Whether any `$ref` in the schema reaches itself. */
  hasAnyCycle(): boolean;
}

/** Builds a {@link RefCycles} over `root`. Unresolvable and external refs are never recursive. */
export function createRefCycles(root: unknown): RefCycles {
  const refsBelow = new Map<unknown, readonly string[]>();
  const recursive = new Map<string, boolean>();

  function collectRefs(node: unknown): readonly string[] {
    const known = refsBelow.get(node);
    if (known !== undefined) return known;
    const found: string[] = [];
    const stack: unknown[] = [node];
    while (stack.length > 0) {
      const current = stack.pop();
      if (Array.isArray(current)) {
        for (const entry of current) stack.push(entry);
      } else if (isSchemaObject(current)) {
        for (const [key, value] of Object.entries(current)) {
          if (key === "$ref" && typeof value === "string" && isLocalRef(value)) found.push(value);
          else if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") {
            stack.push(value);
          }
        }
      }
    }
    if (isSchemaObject(node)) refsBelow.set(node, found);
    return found;
  }

  function isRecursive(ref: string): boolean {
    const known = recursive.get(ref);
    if (known !== undefined) return known;
    const start = resolveLocalRef(root, ref);
    let result = false;
    if (start !== undefined) {
      const seen = new Set<string>();
      const stack = [...collectRefs(start.node)];
      while (stack.length > 0 && !result) {
        const next = stack.pop() as string;
        const target = resolveLocalRef(root, next);
        if (target === undefined || seen.has(target.pointer)) continue;
        if (target.pointer === start.pointer || start.pointer.startsWith(`${target.pointer}/`)) {
          result = true;
        }
        seen.add(target.pointer);
        stack.push(...collectRefs(target.node));
      }
    }
    recursive.set(ref, result);
    return result;
  }

  return {
    isRecursive,
    hasAnyCycle: () => collectRefs(root).some(isRecursive),
  };
}
