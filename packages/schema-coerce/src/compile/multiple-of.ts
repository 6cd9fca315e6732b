/**
 * Builds a `multipleOf` test that does not suffer from binary float error: `0.0075` is a
 * multiple of `0.0001` although `0.0075 / 0.0001` is `74.99999999999999`. When the quotient is
 * not an integer, both numbers are scaled by the divisor's decimal places and compared as
 * integers.
 */
export function createMultipleOfTest(divisor: number): (value: number) => boolean {
  const decimals = decimalPlaces(divisor);
  const scale = 10 ** decimals;
  const scaledDivisor = Math.round(divisor * scale);
  return (value) => {
    const quotient = value / divisor;
    if (!Number.isFinite(quotient)) return false;
    if (Number.isInteger(quotient)) return true;
    if (decimals === 0) return false;
    const scaled = value * scale;
    const rounded = Math.round(scaled);
    if (Math.abs(scaled - rounded) > 1e-9 * Math.max(1, Math.abs(scaled))) return false;
    return rounded % scaledDivisor === 0;
  };
}

function decimalPlaces(value: number): number {
  const text = String(value);
  const exponentAt = text.indexOf("e-");
  if (exponentAt !== -1) {
    const mantissa = text.slice(0, exponentAt);
    const dot = mantissa.indexOf(".");
    const mantissaDecimals = dot === -1 ? 0 : mantissa.length - dot - 1;
    return Math.min(Number(text.slice(exponentAt + 2)) + mantissaDecimals, 100);
  }
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}
