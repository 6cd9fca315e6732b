/** `ipv4` (dotted quad, no leading zeros) and `ipv6` (RFC 4291 text forms, no zone). */

const ipv4Pattern =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const hexGroup = /^[0-9A-Fa-f]{1,4}$/;

/** A dotted-quad IPv4 address. */
export function isIpv4(value: string): boolean {
  return ipv4Pattern.test(value);
}

/** An IPv6 address, optionally compressed (`::`) and with a trailing IPv4 part. */
export function isIpv6(value: string): boolean {
  let text = value;
  let extraGroups = 0;
  if (text.includes(".")) {
    const lastColon = text.lastIndexOf(":");
    if (lastColon === -1 || !isIpv4(text.slice(lastColon + 1))) return false;
    text = text.slice(0, lastColon + 1);
    // `::1.2.3.4` keeps its `::`; `a:b::c:1.2.3.4` ends in `:`, which stands for the two groups.
    text = text.endsWith("::") ? text : text.slice(0, -1);
    extraGroups = 2;
    if (text === "") return false;
  }
  const compressed = text.indexOf("::");
  if (compressed !== -1) {
    if (text.indexOf("::", compressed + 1) !== -1) return false;
    const head = text.slice(0, compressed);
    const tail = text.slice(compressed + 2);
    const groups = [
      ...(head === "" ? [] : head.split(":")),
      ...(tail === "" ? [] : tail.split(":")),
    ];
    return groups.length + extraGroups <= 7 && groups.every((group) => hexGroup.test(group));
  }
  const groups = text.split(":");
  return groups.length + extraGroups === 8 && groups.every((group) => hexGroup.test(group));
}
