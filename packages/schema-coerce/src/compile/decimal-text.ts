/**
 * A decimal numeral read exactly: `negative`, the significant `digits` (no leading or trailing
 * zeros; `""` for zero) and the power of ten of the last digit, so the value is
 * `(negative ? -1 : 1) × digits × 10^exponent`. Two numerals with the same value read the same
 * (`"1.50"`, `"15e-1"` and `"+0001.5"` all read as `digits "15", exponent -1`).
 */
export interface DecimalText {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

/** Exponents beyond this are refused: no JSON number or double needs more. */
const MAX_EXPONENT_DIGITS = 6;

/**
 * Reads `text` as a plain decimal numeral — optional sign, digits with at most one `.`, an
 * optional `e`/`E` exponent — or returns `undefined`. No hexadecimal, no `Infinity`, no blanks
 * (callers trim). One pass over the text: linear time whatever the input.
 */
export function parseDecimalText(text: string): DecimalText | undefined {
  const length = text.length;
  let index = 0;
  let negative = false;
  const sign = text.charCodeAt(0);
  if (sign === 45 /* - */ || sign === 43 /* + */) {
    negative = sign === 45;
    index = 1;
  }
  let firstSignificant = -1;
  let lastSignificant = -1;
  let dotAt = -1;
  let sawDigit = false;
  // Positions are counted in digits (the dot excluded), so the exponent arithmetic is simple.
  let digitCount = 0;
  let integerDigits = -1;
  let digits = "";
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 46 /* . */) {
      if (dotAt !== -1) return undefined;
      dotAt = index;
      integerDigits = digitCount;
      continue;
    }
    if (code < 48 || code > 57) break;
    sawDigit = true;
    if (code !== 48) {
      if (firstSignificant === -1) firstSignificant = digitCount;
      lastSignificant = digitCount;
    }
    digitCount += 1;
  }
  if (!sawDigit) return undefined;
  if (integerDigits === -1) integerDigits = digitCount;
  let exponent = 0;
  if (index < length) {
    const code = text.charCodeAt(index);
    if (code !== 101 /* e */ && code !== 69 /* E */) return undefined;
    index += 1;
    let exponentNegative = false;
    const exponentSign = text.charCodeAt(index);
    if (exponentSign === 45 || exponentSign === 43) {
      exponentNegative = exponentSign === 45;
      index += 1;
    }
    const start = index;
    for (; index < length; index++) {
      const digit = text.charCodeAt(index);
      if (digit < 48 || digit > 57) return undefined;
      if (index - start >= MAX_EXPONENT_DIGITS) return undefined;
      exponent = exponent * 10 + (digit - 48);
    }
    if (index === start) return undefined;
    if (exponentNegative) exponent = -exponent;
  }
  if (firstSignificant === -1) return { negative: false, digits: "", exponent: 0 };
  // Collect the significant digits, skipping the dot.
  let position = 0;
  for (let scan = sign === 45 || sign === 43 ? 1 : 0; position <= lastSignificant; scan++) {
    const code = text.charCodeAt(scan);
    if (code === 46) continue;
    if (position >= firstSignificant) digits += text[scan];
    position += 1;
  }
  // The last significant digit sits `integerDigits - 1 - lastSignificant` places from the units.
  return { negative, digits, exponent: exponent + integerDigits - 1 - lastSignificant };
}

/** Whether two numerals read by {@link parseDecimalText} have the same value. */
export function isSameDecimal(left: DecimalText, right: DecimalText): boolean {
  if (left.digits === "" || right.digits === "") return left.digits === right.digits;
  return (
    left.negative === right.negative &&
    left.exponent === right.exponent &&
    left.digits === right.digits
  );
}

/** The exact decimal value of a finite double, read from its shortest round-trip text. */
export function decimalOfNumber(value: number): DecimalText {
  return parseDecimalText(String(value)) ?? { negative: false, digits: "", exponent: 0 };
}
