import type { DeclarableTool } from "./declarable-tool";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { serializeDeclaration } from "./serialize-declaration";

/**
 * Whether `a` and `b` declare the same thing to the model: their serialised declarations are
 * equal, key order included (a reordered schema is a different prompt prefix). Tools and
 * declarations can be mixed; executable and UI fields never count. Throws a `TranscriptError`
 * (`INVALID_TOOL`) when either is not JSON. Uses the default instance's caches (see
 * `createToolDeclarations`).
 */
export function declarationsEqual(a: DeclarableTool, b: DeclarableTool): boolean {
  return declarationsEqualIn(defaultDeclarationCaches, a, b);
}

/** {@link declarationsEqual} with the caches of one `createToolDeclarations()` instance. */
export function declarationsEqualIn(
  caches: DeclarationCaches,
  a: DeclarableTool,
  b: DeclarableTool,
): boolean {
  // Pairs already found equal, so a no-change request compares object identities, not strings.
  if (a === b || caches.knownEqual.get(a) === b) return true;
  const equal = serializeDeclaration(caches, a) === serializeDeclaration(caches, b);
  if (equal) caches.knownEqual.set(a, b);
  return equal;
}
