/** URI and JSON Pointer helpers for `$id` / `$ref` resolution (compile time only). */

/** The base URI of a root document that has no `$id`. */
export const DEFAULT_BASE = "toolwright:///root.json";

/** Resolves `reference` against `base`; falls back to string joining for opaque bases. */
export function resolveUri(reference: string, base: string): string {
  if (reference.startsWith("#")) return stripFragment(base) + reference;
  try {
    return new URL(reference, base).href;
  } catch {
    return reference;
  }
}

/** The URI without its fragment. */
export function stripFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? uri : uri.slice(0, hash);
}

/** The fragment of `uri` without `#` (`""` when there is none). */
export function fragmentOf(uri: string): string {
  const hash = uri.indexOf("#");
  return hash === -1 ? "" : uri.slice(hash + 1);
}

// The last normalized URI: a graph normalizes the same base for every `$ref` it resolves, and
// parsing a URL was a tenth of compile time for schemas with references.
let lastInput: string | undefined;
let lastOutput = "";

/** A URI in the canonical form used as a registry key: parsed when possible, no empty `#`. */
export function normalizeUri(uri: string): string {
  if (uri === lastInput) return lastOutput;
  const output = parseAndNormalize(uri);
  lastInput = uri;
  lastOutput = output;
  return output;
}

function parseAndNormalize(uri: string): string {
  let result = uri;
  try {
    result = new URL(uri).href;
  } catch {
    // Not an absolute URI: keep the text as the key.
  }
  return result.endsWith("#") ? result.slice(0, -1) : result;
}

/** Decodes one segment of a JSON Pointer taken from a URI fragment. */
export function decodePointerSegment(segment: string): string {
  if (segment.indexOf("%") === -1 && segment.indexOf("~") === -1) return segment;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray `%` is literal text.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}
