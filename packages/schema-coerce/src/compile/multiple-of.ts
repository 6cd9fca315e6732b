import { type DecimalText, decimalOfNumber } from "./decimal-text";

/**
 * Builds an exact `multipleOf` test. Each number is read as the decimal it is written as (its
 * shortest round-trip text: `0.1` is one tenth, not the binary fraction nearest it), and the
 * value is a multiple when `value / divisor` is an integer in exact decimal arithmetic. So
 * `0.0075` is a multiple of `0.0001`, and `-0.999999999` is not a multiple of `0.5` nor `1e21`
 * of `0.3` (`1e22 / 3` is not an integer) — answers a float division with a tolerance gets wrong.
 *
 * Fast paths, exact and allocation-free: an integral divisor uses the double remainder (exact
 * for every finite double); a fractional divisor with `k` decimal places scales both by `10^k`
 * while the scaled value stays a safe integer. Only values beyond that (huge, or with hundreds of
 * decimal places) take the BigInt path.
 */
export function createMultipleOfTest(divisor: number): (value: number) => boolean {
  const exactDivisor = decimalOfNumber(divisor);
  const places = Math.max(0, -exactDivisor.exponent);
  if (places === 0) {
    return (value) => Number.isFinite(value) && value % divisor === 0;
  }
  const scale = places <= 22 ? 10 ** places : Number.POSITIVE_INFINITY;
  const scaledDivisor = divisor * scale;
  const fastPath = Number.isSafeInteger(Math.round(scaledDivisor));
  const integralDivisor = Math.round(scaledDivisor);
  return (value) => {
    if (!Number.isFinite(value)) return false;
    if (fastPath) {
      const scaled = Math.round(value * scale);
      if (Number.isSafeInteger(scaled) && Math.abs(scaled) < 2 ** 52) {
        // `scaled / scale === value` holds exactly when the value has at most `places` decimal
        // places (the division rounds to the double nearest `scaled / 10^places`).
        if (scaled / scale !== value) return false;
        return scaled % integralDivisor === 0;
      }
    }
    return isExactMultiple(decimalOfNumber(value), exactDivisor);
  };
}

/** Whether `value / divisor` is an integer, in exact decimal arithmetic. */
function isExactMultiple(value: DecimalText, divisor: DecimalText): boolean {
  if (value.digits === "") return true;
  // The quotient's digits lie past the units when the value has more decimal places.
  if (value.exponent < divisor.exponent) return false;
  const numerator = BigInt(value.digits) * 10n ** BigInt(value.exponent - divisor.exponent);
  return numerator % BigInt(divisor.digits) === 0n;
}
