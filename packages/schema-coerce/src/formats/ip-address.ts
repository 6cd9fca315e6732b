/** `ipv4` (dotted quad, no leading zeros) and `ipv6` (RFC 4291 text forms, no zone). */

const ipv4Pattern =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
// Hex groups joined by single colons, or nothing.
const hexGroups = /^(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4})*)?$/;

/** A dotted-quad IPv4 address. */
export function isIpv4(value: string): boolean {
  return value.length <= 15 && ipv4Pattern.test(value);
}

/** An IPv6 address, optionally compressed (`::`) and with a trailing IPv4 part. */
export function isIpv6(value: string): boolean {
  // The longest text form is 45 characters (six groups and a dotted quad): anything longer is
  // rejected before the patterns, whose repeated groups would otherwise cost a backtrack entry
  // per character.
  if (value.length > 45) return false;
  let text = value;
  const lastColon = value.lastIndexOf(":");
  const tail = value.slice(lastColon + 1);
  // A trailing IPv4 part stands for two groups.
  if (tail.includes(".")) {
    if (!isIpv4(tail)) return false;
    text = `${value.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest, extra] = text.split("::");
  if (extra !== undefined || !hexGroups.test(head!) || !hexGroups.test(rest ?? "")) return false;
  const groups = text.match(/[0-9A-Fa-f]+/g)?.length ?? 0;
  // `::` stands for at least one zero group.
  return rest === undefined ? groups === 8 : groups < 8;
}
