/** RFC 3339 `date`, `time`, `date-time` and `duration` (ASCII digits only, strict padding). */

// Read by character codes, not patterns with captures: dates and times are common in tool
// arguments, and a capturing match allocates an array and a string per group on every check.

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The value of the ASCII digits `value[start..end)`, or -1 when one is not a digit (or absent). */
function digitsAt(value: string, start: number, end: number): number {
  if (end > value.length) return -1;
  let result = 0;
  for (let index = start; index < end; index++) {
    const digit = value.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    result = result * 10 + digit;
  }
  return result;
}

/** Whether `value` holds `YYYY-MM-DD` with a real day of that month at `start`. */
function isDateAt(value: string, start: number): boolean {
  if (value[start + 4] !== "-" || value[start + 7] !== "-") return false;
  const year = digitsAt(value, start, start + 4);
  const month = digitsAt(value, start + 5, start + 7);
  const day = digitsAt(value, start + 8, start + 10);
  if (year < 0 || month < 0 || day < 0) return false;
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // A month outside 1-12 has no entry, so no day fits it.
  const limit = month === 2 ? (leapYear ? 29 : 28) : (daysInMonth[month - 1] ?? 0);
  return day >= 1 && day <= limit;
}

/**
 * Whether `value` from `start` to its end is `HH:MM:SS[.frac](Z|±HH:MM)`, with second 60 only at
 * 23:59 UTC (a leap second).
 */
function isTimeAt(value: string, start: number): boolean {
  const hour = digitsAt(value, start, start + 2);
  const minute = digitsAt(value, start + 3, start + 5);
  const second = digitsAt(value, start + 6, start + 8);
  if (value[start + 2] !== ":" || value[start + 5] !== ":") return false;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
    return false;
  }
  let index = start + 8;
  if (value[index] === ".") {
    const fraction = ++index;
    while (digitsAt(value, index, index + 1) >= 0) index++;
    if (index === fraction) return false;
  }
  let offset = 0;
  const zone = value[index];
  if (zone === "Z" || zone === "z") {
    if (index + 1 !== value.length) return false;
  } else if (zone === "+" || zone === "-") {
    if (index + 6 !== value.length || value[index + 3] !== ":") return false;
    const offsetHour = digitsAt(value, index + 1, index + 3);
    const offsetMinute = digitsAt(value, index + 4, index + 6);
    if (offsetHour < 0 || offsetHour > 23 || offsetMinute < 0 || offsetMinute > 59) return false;
    offset = (zone === "-" ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  } else {
    return false;
  }
  // The local minute of the day less the offset is 23:59 UTC when it is -1 or 1439.
  return second !== 60 || (hour * 60 + minute - offset + 1) % 1440 === 0;
}

/** `full-date`: `YYYY-MM-DD` with a real day of that month. */
export function isDate(value: string): boolean {
  return value.length === 10 && isDateAt(value, 0);
}

/** `full-time`: `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only at 23:59 UTC (a leap second). */
export function isTime(value: string): boolean {
  return isTimeAt(value, 0);
}

/** `date-time`: a `full-date`, `T` (any case), a `full-time`. */
export function isDateTime(value: string): boolean {
  return isDateAt(value, 0) && (value[10] === "T" || value[10] === "t") && isTimeAt(value, 11);
}

// RFC 3339 appendix A: weeks alone, or date units in order (Y[M[D]] | M[D] | D) with an
// optional time part (H[M[S]] | M[S] | S), or a time part alone.
const durationPattern =
  /^P(?:\d+W|(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/** `duration` as RFC 3339 appendix A defines it. */
export function isDuration(value: string): boolean {
  return durationPattern.test(value);
}
