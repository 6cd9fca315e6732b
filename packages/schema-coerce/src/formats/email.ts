/** RFC 5321 `email` and RFC 6531 `idn-email` (dot-atom or quoted local part, host or literal). */
import { isHostname, isIdnHostname } from "./hostname";
import { isIpv4, isIpv6 } from "./ip-address";
import { isWordCharacter } from "./scan-characters";

/** RFC 5322 atext: letters, digits and `!#$%&'*+-/=?^_\`{|}~`; `unicode` adds all non-ASCII. */
function isAtext(code: number, unicode: boolean): boolean {
  if (isWordCharacter(code)) return true;
  if (code >= 0x80) return unicode;
  return "!#$%&'*+-/=?^`{|}~".includes(String.fromCharCode(code));
}

/**
 * A dot-atom (atext runs joined by single dots) or a quoted string (printable ASCII but `"` and
 * `\\`, or a backslash pair) local part; `unicode` allows non-ASCII characters as RFC 6531 does.
 * A scan, linear and never throwing, where a regular expression would throw on a local part of a
 * few million characters.
 */
function isLocalPart(text: string, unicode: boolean): boolean {
  const length = text.length;
  if (length === 0) return false;
  if (text.charCodeAt(0) === 0x22 /* " */) return isQuotedString(text, unicode);
  let previousWasDot = true;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x2e /* . */) {
      if (previousWasDot) return false;
      previousWasDot = true;
    } else if (isAtext(code, unicode)) {
      previousWasDot = false;
    } else {
      return false;
    }
  }
  return !previousWasDot;
}

function isQuotedString(text: string, unicode: boolean): boolean {
  const last = text.length - 1;
  if (last < 1 || text.charCodeAt(last) !== 0x22) return false;
  for (let index = 1; index < last; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c /* \\ */) {
      const next = text.charCodeAt(index + 1);
      if (index + 1 >= last || next < 0x20 || next > 0x7e) return false;
      index += 1;
    } else if (code === 0x22 || (code < 0x20 && code !== 0x20) || code === 0x7f) {
      return false;
    } else if (code > 0x7f && !unicode) {
      return false;
    }
  }
  return true;
}

function isAddress(
  value: string,
  unicode: boolean,
  isDomain: (domain: string) => boolean,
): boolean {
  // An empty local part or domain fails its own check, so only a missing `@` needs a check.
  const at = value.lastIndexOf("@");
  if (at < 0 || !isLocalPart(value.slice(0, at), unicode)) return false;
  const domain = value.slice(at + 1);
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return literal.startsWith("IPv6:") ? isIpv6(literal.slice(5)) : isIpv4(literal);
  }
  return isDomain(domain);
}

/** An e-mail address with an ASCII local part and a host name or address literal. */
export function isEmail(value: string): boolean {
  return isAddress(value, false, isHostname);
}

/** An e-mail address that may hold Unicode in the local part and the domain. */
export function isIdnEmail(value: string): boolean {
  return isAddress(value, true, isIdnHostname);
}
