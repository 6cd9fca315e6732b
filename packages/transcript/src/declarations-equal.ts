import type { DeclarableTool } from "./declarable-tool";
import { serializeDeclaration } from "./serialize-declaration";

// Pairs already found equal, so a no-change request compares object identities, not strings.
const knownEqual = new WeakMap<object, object>();

/**
 * Whether `a` and `b` declare the same thing to the model: their serialised declarations are
 * equal, key order included (a reordered schema is a different prompt prefix). Tools and
 * declarations can be mixed; executable and UI fields never count. Throws a `TranscriptError`
 * (`INVALID_TOOL`) when either is not JSON.
 */
export function declarationsEqual(a: DeclarableTool, b: DeclarableTool): boolean {
  if (a === b || knownEqual.get(a) === b) return true;
  const equal = serializeDeclaration(a) === serializeDeclaration(b);
  if (equal) knownEqual.set(a, b);
  return equal;
}
