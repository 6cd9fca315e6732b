/** RFC 3339 `date`, `time`, `date-time` and `duration` (ASCII digits only, strict padding). */

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const timePattern =
  /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:z|([+-])([01]\d|2[0-3]):([0-5]\d))$/i;

/** The value of the ASCII digits `value[start..end)`, or -1 when one is not a digit. */
function digitsAt(value: string, start: number, end: number): number {
  let result = 0;
  for (let index = start; index < end; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    result = result * 10 + digit;
  }
  return result;
}

/**
 * `full-date`: `YYYY-MM-DD` with a real day of that month. Read by character codes, not a
 * pattern with captures: it is a common format in tool arguments and this allocates nothing.
 */
export function isDate(value: string): boolean {
  if (value.length !== 10 || value[4] !== "-" || value[7] !== "-") return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 0 || month < 0 || day < 0) return false;
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // A month outside 1-12 has no entry, so no day fits it.
  const limit = month === 2 ? (leapYear ? 29 : 28) : (daysInMonth[month - 1] ?? 0);
  return day >= 1 && day <= limit;
}

/** `full-time`: `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only at 23:59 UTC (a leap second). */
export function isTime(value: string): boolean {
  const match = timePattern.exec(value);
  if (match === null) return false;
  if (match[3] !== "60") return true;
  const offset = (match[4] === "-" ? -1 : 1) * (Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0));
  // The local minute of the day less the offset is 23:59 UTC when it is -1 or 1439.
  return (Number(match[1]) * 60 + Number(match[2]) - offset + 1) % 1440 === 0;
}

/** `date-time`: a `full-date`, `T` (any case), a `full-time`. */
export function isDateTime(value: string): boolean {
  return isDate(value.slice(0, 10)) && /^t$/i.test(value[10] ?? "") && isTime(value.slice(11));
}

// RFC 3339 appendix A: weeks alone, or date units in order (Y[M[D]] | M[D] | D) with an
// optional time part (H[M[S]] | M[S] | S), or a time part alone.
const durationPattern =
  /^P(?:\d+W|(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/** `duration` as RFC 3339 appendix A defines it. */
export function isDuration(value: string): boolean {
  return durationPattern.test(value);
}
