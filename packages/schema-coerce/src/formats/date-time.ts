/** RFC 3339 `date`, `time`, `date-time` and `duration` (ASCII digits only, strict padding). */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern =
  /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:z|([+-])([01]\d|2[0-3]):([0-5]\d))$/i;

/** `full-date`: `YYYY-MM-DD` with a real day of that month. */
export function isDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (match === null) return false;
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  // Date rolls an impossible day or month over; 400 years later has the same leap years and
  // keeps Date.UTC from reading years 0-99 as 1900-1999.
  const date = new Date(Date.UTC(Number(match[1]) + 400, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day;
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
  // Neither part holds a `T`, so the value splits into exactly two.
  const parts = value.split(/t/i);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

// RFC 3339 appendix A: weeks alone, or date units in order (Y[M[D]] | M[D] | D) with an
// optional time part (H[M[S]] | M[S] | S), or a time part alone.
const durationPattern =
  /^P(?:\d+W|(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/** `duration` as RFC 3339 appendix A defines it. */
export function isDuration(value: string): boolean {
  return durationPattern.test(value);
}
