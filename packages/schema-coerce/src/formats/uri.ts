/**
 * RFC 3986 `uri` / `uri-reference` and RFC 3987 `iri` / `iri-reference`, checked component by
 * component after the RFC 3986 appendix B split; plus RFC 6570 `uri-template`.
 */
import { isIpv4, isIpv6 } from "./ip-address";

// Unicode characters IRIs allow where URIs need percent-encoding (ucschar and iprivate).
const unicode = "\\u{A0}-\\u{D7FF}\\u{E000}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{10FFFD}";
const pct = "%[0-9A-Fa-f]{2}";

/**
 * The userinfo, reg-name and path-query-or-fragment patterns of URIs or of IRIs (a path never
 * holds the `?` that a query or fragment may, so one pattern serves all three).
 */
function componentPatterns(iri: boolean): RegExp[] {
  // Each is a run of unreserved characters, sub-delims, percent-encodings and its own extras.
  return [":", "", ":@/?"].map(
    (extra) => new RegExp(`^(?:[\\w\\-.~!$&'()*+,;=${extra}${iri ? unicode : ""}]|${pct})*$`, "u"),
  );
}

const uriParts = componentPatterns(false);
const iriParts = componentPatterns(true);
// The RFC 3986 appendix B split, taking only a valid scheme: any other text before `:` stays in
// the path, where the first-segment rule rejects it. Matches every string (no null check).
const splitPattern =
  /^(?:([A-Za-z][A-Za-z0-9+\-.]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const authorityPattern = /^(?:([^@]*)@)?(\[[^\]]*\]|[^:]*)(?::\d*)?$/;
const ipFuturePattern = /^[vV][0-9A-Fa-f]+\.[\w\-.~!$&'()*+,;=:]+$/;

function isAuthority(authority: string, [userinfo, regName]: RegExp[]): boolean {
  const match = authorityPattern.exec(authority);
  if (match === null || !userinfo!.test(match[1] ?? "")) return false;
  const host = match[2]!;
  if (!host.startsWith("[")) return regName!.test(host) || isIpv4(host);
  const literal = host.slice(1, -1);
  return host.endsWith("]") && (isIpv6(literal) || ipFuturePattern.test(literal));
}

function isReference(value: string, parts: RegExp[], requireScheme: boolean): boolean {
  const [, scheme, authority, path, query = "", fragment = ""] = splitPattern.exec(value)!;
  if (scheme === undefined && requireScheme) return false;
  if (authority !== undefined && !isAuthority(authority, parts)) return false;
  // A relative reference without authority may not have `:` in its first segment.
  if (scheme === undefined && authority === undefined && /^[^/]*:/.test(path!)) return false;
  return [path!, query, fragment].every((part) => parts[2]!.test(part));
}

/** An absolute URI (`scheme:...`). */
export function isUri(value: string): boolean {
  return isReference(value, uriParts, true);
}

/** A URI or a relative reference. */
export function isUriReference(value: string): boolean {
  return isReference(value, uriParts, false);
}

/** An absolute IRI (a URI that may hold Unicode characters). */
export function isIri(value: string): boolean {
  return isReference(value, iriParts, true);
}

/** An IRI or a relative IRI reference. */
export function isIriReference(value: string): boolean {
  return isReference(value, iriParts, false);
}

/** A URI whose scheme is `http` or `https` (the common meaning of "url" in tool schemas). */
export function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && isUri(value);
}

// RFC 6570 literals, with the apostrophe that erratum 6937 allows; DEL and controls are not.
const templateLiteral = '[^\\x00-\\x20\\x7F-\\x9F"%<>\\\\^`{|}]';
const varChar = `(?:\\w|${pct})`;
const varSpec = `${varChar}(?:\\.?${varChar})*(?::[1-9]\\d{0,3}|\\*)?`;
const templatePattern = new RegExp(
  `^(?:${templateLiteral}|${pct}|\\{[+#./;?&=,!@|]?${varSpec}(?:,${varSpec})*\\})*$`,
  "u",
);

/** An RFC 6570 URI template (literals and well-formed `{...}` expressions). */
export function isUriTemplate(value: string): boolean {
  return templatePattern.test(value);
}
