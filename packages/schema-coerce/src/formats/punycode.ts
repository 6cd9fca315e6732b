/**
 * RFC 3492 Punycode, written for the `hostname` / `idn-hostname` checks (labels only), with the
 * IDNA parameters: base 36, tmin 1, tmax 26, skew 38, damp 700, initial bias 72, initial n 128.
 */

function adapt(delta: number, pointCount: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / 700) : delta >> 1;
  scaled += Math.floor(scaled / pointCount);
  let k = 0;
  for (; scaled > 455; k += 36) scaled = Math.floor(scaled / 35);
  return k + Math.floor((36 * scaled) / (scaled + 38));
}

/** The threshold t(k): `k - bias` clamped to [tmin, tmax]. */
function threshold(k: number, bias: number): number {
  return Math.min(Math.max(k - bias, 1), 26);
}

/**
 * Decodes the part after `xn--` (LDH characters, as a host name label holds); `undefined` when
 * it is not valid Punycode. Labels are at most 63 characters, so a value too large for a code
 * point is caught by the `0x10ffff` bound without the 32-bit overflow checks of RFC 3492.
 */
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf("-");
  const output = Array.from(input.slice(0, Math.max(delimiter, 0)), (c) => c.charCodeAt(0));
  let n = 128;
  let bias = 72;
  let position = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const previous = position;
    let weight = 1;
    for (let k = 36; ; k += 36) {
      // Punycode digits are a-z (0-25) then 0-9 (26-35); `-` or the end gives NaN.
      const digit = (Number.parseInt(input[index++] ?? "", 36) + 26) % 36;
      if (Number.isNaN(digit)) return undefined;
      position += digit * weight;
      const t = threshold(k, bias);
      if (digit < t) break;
      weight *= 36 - t;
    }
    const length = output.length + 1;
    bias = adapt(position - previous, length, previous === 0);
    n += Math.floor(position / length);
    position %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(position++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** Encodes a label into Punycode (without `xn--`). */
export function encodePunycode(input: string): string {
  const points = Array.from(input, (character) => character.codePointAt(0)!);
  // Loops, not spread arguments: a Unicode label may be arbitrarily long before its length check.
  let output = "";
  for (const point of points) if (point < 0x80) output += String.fromCharCode(point);
  const basicCount = output.length;
  let handled = basicCount;
  if (basicCount > 0) output += "-";
  const digit = (value: number) => ((value + 10) % 36).toString(36);
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (handled < points.length) {
    let next = 0x10ffff;
    for (const point of points) if (point >= n && point < next) next = point;
    delta += (next - n) * (handled + 1);
    n = next;
    for (const point of points) {
      if (point < n) delta++;
      if (point !== n) continue;
      let rest = delta;
      for (let k = 36; ; k += 36) {
        const t = threshold(k, bias);
        if (rest < t) break;
        output += digit(t + ((rest - t) % (36 - t)));
        rest = Math.floor((rest - t) / (36 - t));
      }
      output += digit(rest);
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}
