/**
 * RFC 3986 `uri` / `uri-reference` and RFC 3987 `iri` / `iri-reference`, checked component by
 * component after the RFC 3986 appendix B split; plus RFC 6570 `uri-template`.
 */
import { isIpv4, isIpv6 } from "./ip-address";

// Unicode characters IRIs allow where URIs need percent-encoding (ucschar and iprivate).
const unicode = "\\u{A0}-\\u{D7FF}\\u{E000}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{10FFFD}";

function componentPatterns(iri: boolean) {
  const extra = iri ? unicode : "";
  const unreserved = `A-Za-z0-9\\-._~${extra}`;
  const subDelims = "!$&'()*+,;=";
  const pct = "%[0-9A-Fa-f]{2}";
  const pchar = `(?:[${unreserved}${subDelims}:@]|${pct})`;
  return {
    userinfo: new RegExp(`^(?:[${unreserved}${subDelims}:]|${pct})*$`, "u"),
    regName: new RegExp(`^(?:[${unreserved}${subDelims}]|${pct})*$`, "u"),
    path: new RegExp(`^(?:${pchar}|/)*$`, "u"),
    firstSegmentNoColon: new RegExp(`^(?:[${unreserved}${subDelims}@]|${pct})*$`, "u"),
    queryOrFragment: new RegExp(`^(?:${pchar}|[/?])*$`, "u"),
  };
}

const uriParts = componentPatterns(false);
const iriParts = componentPatterns(true);
const splitPattern = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const schemePattern = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
const ipFuturePattern = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

type Parts = ReturnType<typeof componentPatterns>;

function isAuthority(authority: string, parts: Parts): boolean {
  let rest = authority;
  const at = rest.indexOf("@");
  if (at !== -1) {
    if (!parts.userinfo.test(rest.slice(0, at))) return false;
    rest = rest.slice(at + 1);
  }
  let host = rest;
  let port = "";
  if (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    if (close === -1) return false;
    host = rest.slice(1, close);
    const after = rest.slice(close + 1);
    if (after !== "" && !after.startsWith(":")) return false;
    port = after.slice(1);
    if (!isIpv6(host) && !ipFuturePattern.test(host)) return false;
  } else {
    const colon = rest.lastIndexOf(":");
    if (colon !== -1) {
      host = rest.slice(0, colon);
      port = rest.slice(colon + 1);
    }
    if (!parts.regName.test(host) && !isIpv4(host)) return false;
  }
  return /^\d*$/.test(port);
}

function isReference(value: string, parts: Parts, requireScheme: boolean): boolean {
  const match = splitPattern.exec(value);
  if (match === null) return false;
  let [, scheme, authority, path = "", query, fragment] = match;
  if (scheme !== undefined && !schemePattern.test(scheme)) {
    if (requireScheme) return false;
    // Not a scheme: the text before `:` is the first path segment of a relative reference.
    if (authority !== undefined) return false;
    path = `${scheme}:${path}`;
    scheme = undefined;
  }
  if (scheme === undefined && requireScheme) return false;
  if (authority !== undefined) {
    if (!isAuthority(authority, parts)) return false;
    if (path !== "" && !path.startsWith("/")) return false;
  } else if (path.startsWith("//")) {
    return false;
  }
  if (!parts.path.test(path)) return false;
  if (scheme === undefined && authority === undefined && !path.startsWith("/")) {
    const firstSegment = path.split("/", 1)[0]!;
    if (!parts.firstSegmentNoColon.test(firstSegment)) return false;
  }
  if (query !== undefined && !parts.queryOrFragment.test(query)) return false;
  return fragment === undefined || parts.queryOrFragment.test(fragment);
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
const varName = "(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*";
const varSpec = `${varName}(?::[1-9]\\d{0,3}|\\*)?`;
const templatePattern = new RegExp(
  `^(?:${templateLiteral}|%[0-9A-Fa-f]{2}|\\{[+#./;?&=,!@|]?${varSpec}(?:,${varSpec})*\\})*$`,
  "u",
);

/** An RFC 6570 URI template (literals and well-formed `{...}` expressions). */
export function isUriTemplate(value: string): boolean {
  return templatePattern.test(value);
}
