/** RFC 3339 `date`, `time`, `date-time` and `duration` (ASCII digits only, strict padding). */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:([zZ])|([+-])(\d{2}):(\d{2}))$/;
const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** `full-date`: `YYYY-MM-DD` with a real day of that month. */
export function isDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const limit = month === 2 && isLeapYear(year) ? 29 : daysInMonth[month - 1]!;
  return day <= limit;
}

/** `full-time`: `HH:MM:SS[.frac](Z|±HH:MM)`; second 60 only at 23:59 UTC (a leap second). */
export function isTime(value: string): boolean {
  const match = timePattern.exec(value);
  if (match === null) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const offsetHour = match[6] === undefined ? 0 : Number(match[6]);
  const offsetMinute = match[7] === undefined ? 0 : Number(match[7]);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  const sign = match[5] === "-" ? -1 : 1;
  const utcMinutes =
    (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}

/** `date-time`: a `full-date`, `T` (any case), a `full-time`. */
export function isDateTime(value: string): boolean {
  const separator = value.indexOf("T") === -1 ? value.indexOf("t") : value.indexOf("T");
  if (separator !== 10) return false;
  return isDate(value.slice(0, separator)) && isTime(value.slice(separator + 1));
}

// RFC 3339 appendix A: weeks alone, or date units in order (Y[M[D]] | M[D] | D) with an
// optional time part (H[M[S]] | M[S] | S), or a time part alone.
const durationPattern =
  /^P(?:\d+W|(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/** `duration` as RFC 3339 appendix A defines it. */
export function isDuration(value: string): boolean {
  return durationPattern.test(value);
}
