/**
 * RFC 3986 `uri` / `uri-reference` and RFC 3987 `iri` / `iri-reference`, checked component by
 * component after the RFC 3986 appendix B split; plus RFC 6570 `uri-template`. Components are
 * read by scanners, not by regular expressions with a repeated alternation: those keep one
 * backtrack entry per character and throw a `RangeError` on strings of a few million characters,
 * while a scan is linear and never throws (an 8 MB URI is just checked).
 */
import { isIpv4, isIpv6 } from "./ip-address";
import { isPercentEncoded, isWordCharacter } from "./scan-characters";

/** Which component a run of characters is: the extra characters each allows. */
type Component = 0 | 1 | 2;
const Component = { UserInfo: 0, RegName: 1, Rest: 2 } as const;

/** Sub-delims and unreserved characters other than letters, digits and `_`. */
function isSubDelimOrMark(code: number): boolean {
  switch (code) {
    case 0x2d /* - */:
    case 0x2e /* . */:
    case 0x7e /* ~ */:
    case 0x21 /* ! */:
    case 0x24 /* $ */:
    case 0x26 /* & */:
    case 0x27 /* ' */:
    case 0x28 /* ( */:
    case 0x29 /* ) */:
    case 0x2a /* * */:
    case 0x2b /* + */:
    case 0x2c /* , */:
    case 0x3b /* ; */:
    case 0x3d /* = */:
      return true;
    default:
      return false;
  }
}

function isComponentExtra(code: number, component: Component): boolean {
  if (component === Component.RegName) return false;
  if (code === 0x3a /* : */) return true;
  return component === Component.Rest && (code === 0x40 || code === 0x2f || code === 0x3f);
}

/** RFC 3987 ucschar and iprivate (the ranges IRIs allow unencoded). */
function isIriCharacter(codePoint: number): boolean {
  return (
    (codePoint >= 0xa0 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfdcf) ||
    (codePoint >= 0xfdf0 && codePoint <= 0xffef) ||
    (codePoint >= 0x10000 && codePoint <= 0x10fffd)
  );
}

/**
 * Whether `text` is a run of unreserved characters, sub-delims, percent-encodings and the
 * component's extras (`:` in userinfo; `:@/?` in a path, query or fragment), plus the Unicode
 * ranges when `iri`. A path never holds the `?` a query or fragment may, so one rule serves all
 * three.
 */
function isComponent(text: string, component: Component, iri: boolean): boolean {
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (isWordCharacter(code) || isSubDelimOrMark(code) || isComponentExtra(code, component)) {
      continue;
    }
    if (code === 0x25 /* % */) {
      if (!isPercentEncoded(text, index)) return false;
      index += 2;
      continue;
    }
    if (!iri || code < 0xa0) return false;
    const codePoint = text.codePointAt(index) as number;
    // A lone surrogate is no character at all.
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
    if (!isIriCharacter(codePoint)) return false;
    if (codePoint > 0xffff) index += 1;
  }
  return true;
}

/** The parts of a reference by the RFC 3986 appendix B split. */
interface ReferenceParts {
  readonly scheme: string | undefined;
  readonly authority: string | undefined;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
}

function isSchemeStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isSchemeCharacter(code: number): boolean {
  return (
    isSchemeStart(code) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e
  );
}

/**
 * The appendix B split, taking only a valid scheme: any other text before `:` stays in the
 * path, where the first-segment rule rejects it. Every string splits.
 */
function splitReference(value: string): ReferenceParts {
  let position = 0;
  let scheme: string | undefined;
  if (isSchemeStart(value.charCodeAt(0))) {
    let end = 1;
    while (end < value.length && isSchemeCharacter(value.charCodeAt(end))) end++;
    if (value.charCodeAt(end) === 0x3a /* : */) {
      scheme = value.slice(0, end);
      position = end + 1;
    }
  }
  let authority: string | undefined;
  if (value.startsWith("//", position)) {
    let end = position + 2;
    while (end < value.length) {
      const code = value.charCodeAt(end);
      if (code === 0x2f || code === 0x3f || code === 0x23) break;
      end++;
    }
    authority = value.slice(position + 2, end);
    position = end;
  }
  const hash = value.indexOf("#", position);
  const beforeFragment = hash === -1 ? value.length : hash;
  const question = value.indexOf("?", position);
  const pathEnd = question === -1 || question > beforeFragment ? beforeFragment : question;
  return {
    scheme,
    authority,
    path: value.slice(position, pathEnd),
    query: pathEnd < beforeFragment ? value.slice(pathEnd + 1, beforeFragment) : "",
    fragment: hash === -1 ? "" : value.slice(hash + 1),
  };
}

const ipFuturePattern = /^[vV][0-9A-Fa-f]+\.[\w\-.~!$&'()*+,;=:]+$/;

/** The host of an authority (`[userinfo@]host[:port]`), or `undefined` when it is malformed. */
function readHost(authority: string, iri: boolean): string | undefined {
  const at = authority.lastIndexOf("@");
  // `@` may appear only once: userinfo holds no `@`.
  if (at !== -1 && authority.indexOf("@") !== at) return undefined;
  if (at !== -1 && !isComponent(authority.slice(0, at), Component.UserInfo, iri)) return undefined;
  const hostAndPort = authority.slice(at + 1);
  let hostEnd = hostAndPort.length;
  if (hostAndPort.startsWith("[")) {
    const close = hostAndPort.indexOf("]");
    if (close === -1) return undefined;
    hostEnd = close + 1;
  } else {
    const colon = hostAndPort.indexOf(":");
    if (colon !== -1) hostEnd = colon;
  }
  const port = hostAndPort.slice(hostEnd);
  if (port !== "" && !isPort(port)) return undefined;
  return hostAndPort.slice(0, hostEnd);
}

/** `:` followed by digits (an empty port is allowed). */
function isPort(text: string): boolean {
  if (text.charCodeAt(0) !== 0x3a) return false;
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

function isHost(host: string, iri: boolean): boolean {
  if (!host.startsWith("[")) return isComponent(host, Component.RegName, iri) || isIpv4(host);
  const literal = host.slice(1, -1);
  return host.endsWith("]") && (isIpv6(literal) || ipFuturePattern.test(literal));
}

function isReference(value: string, iri: boolean, requireScheme: boolean): boolean {
  const { scheme, authority, path, query, fragment } = splitReference(value);
  if (scheme === undefined && requireScheme) return false;
  if (authority !== undefined) {
    const host = readHost(authority, iri);
    if (host === undefined || !isHost(host, iri)) return false;
  }
  // A relative reference without authority may not have `:` in its first segment.
  if (scheme === undefined && authority === undefined) {
    const colon = path.indexOf(":");
    if (colon !== -1 && path.lastIndexOf("/", colon) === -1) return false;
  }
  return (
    isComponent(path, Component.Rest, iri) &&
    isComponent(query, Component.Rest, iri) &&
    isComponent(fragment, Component.Rest, iri)
  );
}

/** An absolute URI (`scheme:...`). */
export function isUri(value: string): boolean {
  return isReference(value, false, true);
}

/** A URI or a relative reference. */
export function isUriReference(value: string): boolean {
  return isReference(value, false, false);
}

/** An absolute IRI (a URI that may hold Unicode characters). */
export function isIri(value: string): boolean {
  return isReference(value, true, true);
}

/** An IRI or a relative IRI reference. */
export function isIriReference(value: string): boolean {
  return isReference(value, true, false);
}

/**
 * An `http` / `https` URI with a host (the common meaning of "url" in tool schemas):
 * `"http://"` and `"https:///path"` are not URLs, though both are URIs.
 */
export function isUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !isUri(value)) return false;
  const host = readHost(splitReference(value).authority ?? "", false);
  return host !== undefined && host !== "";
}
