/** RFC 5321 `email` and RFC 6531 `idn-email` (dot-atom or quoted local part, host or literal). */
import { isHostname, isIdnHostname } from "./hostname";
import { isIpv4, isIpv6 } from "./ip-address";

const asciiLocal =
  /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\[\x20-\x7E])*")$/;
const unicodeLocal =
  /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+)*|"(?:[\x20\x21\x23-\x5B\x5D-\x7E\u0080-\u{10FFFF}]|\\[\x20-\x7E])*")$/u;

function isAddress(value: string, local: RegExp, isDomain: (domain: string) => boolean): boolean {
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1) return false;
  if (!local.test(value.slice(0, at))) return false;
  const domain = value.slice(at + 1);
  if (domain.startsWith("[") && domain.endsWith("]")) {
    const literal = domain.slice(1, -1);
    return literal.startsWith("IPv6:") ? isIpv6(literal.slice(5)) : isIpv4(literal);
  }
  return isDomain(domain);
}

/** An e-mail address with an ASCII local part and a host name or address literal. */
export function isEmail(value: string): boolean {
  return isAddress(value, asciiLocal, isHostname);
}

/** An e-mail address that may hold Unicode in the local part and the domain. */
export function isIdnEmail(value: string): boolean {
  return isAddress(value, unicodeLocal, isIdnHostname);
}
