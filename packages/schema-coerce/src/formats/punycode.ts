/** RFC 3492 Punycode, written for the `hostname` / `idn-hostname` checks (labels only). */

const base = 36;
const tMin = 1;
const tMax = 26;
const skew = 38;
const damp = 700;
const initialBias = 72;
const initialN = 128;

function adapt(delta: number, pointCount: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / damp) : delta >> 1;
  scaled += Math.floor(scaled / pointCount);
  let k = 0;
  while (scaled > ((base - tMin) * tMax) >> 1) {
    scaled = Math.floor(scaled / (base - tMin));
    k += base;
  }
  return k + Math.floor(((base - tMin + 1) * scaled) / (scaled + skew));
}

function threshold(k: number, bias: number): number {
  return k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return -1;
}

function digitChar(digit: number): string {
  return String.fromCharCode(digit < 26 ? digit + 97 : digit + 22);
}

/** Decodes the part after `xn--`; `undefined` when it is not valid Punycode. */
export function decodePunycode(input: string): string | undefined {
  const output: number[] = [];
  const delimiter = input.lastIndexOf("-");
  for (let index = 0; index < Math.max(delimiter, 0); index++) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) return undefined;
    output.push(code);
  }
  let n = initialN;
  let bias = initialBias;
  let position = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const previous = position;
    let weight = 1;
    for (let k = base; ; k += base) {
      if (index >= input.length) return undefined;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit < 0 || digit > Math.floor((0x7fffffff - position) / weight)) return undefined;
      position += digit * weight;
      const t = threshold(k, bias);
      if (digit < t) break;
      weight *= base - t;
    }
    const length = output.length + 1;
    bias = adapt(position - previous, length, previous === 0);
    n += Math.floor(position / length);
    position %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(position, 0, n);
    position++;
  }
  return String.fromCodePoint(...output);
}

/** Encodes a label into Punycode (without `xn--`). */
export function encodePunycode(input: string): string {
  const points = Array.from(input, (character) => character.codePointAt(0)!);
  let output = "";
  for (const point of points) if (point < 0x80) output += String.fromCharCode(point);
  const basicCount = output.length;
  let handled = basicCount;
  if (basicCount > 0) output += "-";
  let n = initialN;
  let delta = 0;
  let bias = initialBias;
  while (handled < points.length) {
    let next = 0x10ffff;
    for (const point of points) if (point >= n && point < next) next = point;
    delta += (next - n) * (handled + 1);
    n = next;
    for (const point of points) {
      if (point < n) delta++;
      if (point !== n) continue;
      let rest = delta;
      for (let k = base; ; k += base) {
        const t = threshold(k, bias);
        if (rest < t) break;
        output += digitChar(t + ((rest - t) % (base - t)));
        rest = Math.floor((rest - t) / (base - t));
      }
      output += digitChar(rest);
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}
