/** RFC 5321 `email` and RFC 6531 `idn-email` (dot-atom or quoted local part, host or literal). */
import { isHostname, isIdnHostname } from "./hostname";
import { isIpv4, isIpv6 } from "./ip-address";

/** A dot-atom or quoted-string local part; `extra` adds the characters RFC 6531 allows. */
function localPart(extra: string): RegExp {
  const atext = `[\\w!#$%&'*+/=?^\`{|}~${extra}-]`;
  return new RegExp(`^(?:${atext}+(?:\\.${atext}+)*|"(?:[ !#-[\\]-~${extra}]|\\\\[ -~])*")$`, "u");
}

const asciiLocal = localPart("");
const unicodeLocal = localPart("\\u0080-\\u{10FFFF}");

function isAddress(value: string, local: RegExp, isDomain: (domain: string) => boolean): boolean {
  // An empty local part or domain fails its own pattern, so only a missing `@` needs a check.
  const at = value.lastIndexOf("@");
  if (at < 0 || !local.test(value.slice(0, at))) return false;
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
