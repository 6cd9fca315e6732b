// Small numeric and formatting helpers shared by the bench parts.

/**
 * The geometric mean of positive numbers; NaN when there are none.
 * @param {number[]} values
 */
export function geometricMean(values) {
  const usable = values.filter((value) => Number.isFinite(value) && value > 0);
  if (usable.length === 0) return Number.NaN;
  const logSum = usable.reduce((sum, value) => sum + Math.log(value), 0);
  return Math.exp(logSum / usable.length);
}

/**
 * A duration given in nanoseconds, in the unit that keeps it readable.
 * @param {number | undefined} nanoseconds
 */
export function formatDuration(nanoseconds) {
  if (nanoseconds === undefined || !Number.isFinite(nanoseconds)) return "n/a";
  if (nanoseconds < 1_000) return `${nanoseconds.toFixed(0)} ns`;
  if (nanoseconds < 1_000_000) return `${(nanoseconds / 1_000).toFixed(2)} µs`;
  return `${(nanoseconds / 1_000_000).toFixed(2)} ms`;
}

/**
 * A ratio such as `0.42×`; `n/a` when it cannot be computed.
 * @param {number | undefined} ratio
 */
export function formatRatio(ratio) {
  if (ratio === undefined || !Number.isFinite(ratio)) return "n/a";
  return `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1)}×`;
}

/**
 * A byte count in KiB or bytes.
 * @param {number | undefined} bytes
 */
export function formatBytes(bytes) {
  if (bytes === undefined || !Number.isFinite(bytes)) return "n/a";
  if (Math.abs(bytes) < 1024) return `${bytes.toFixed(0)} B`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * `numerator / denominator`, or undefined when either side is missing.
 * @param {number | undefined} numerator
 * @param {number | undefined} denominator
 */
export function ratioOf(numerator, denominator) {
  if (numerator === undefined || denominator === undefined) return undefined;
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator <= 0) {
    return undefined;
  }
  return numerator / denominator;
}

/**
 * `met`, `NOT met` or `not measured` for a value against an upper bound.
 * @param {number | undefined} value
 * @param {number} limit
 */
export function verdict(value, limit) {
  if (value === undefined || !Number.isFinite(value)) return "not measured";
  return value <= limit ? "met" : "NOT met";
}

/**
 * Adds a number to the list kept under `key`.
 * @param {Record<string, number[]>} lists
 * @param {string} key
 * @param {number} value
 */
export function appendTo(lists, key, value) {
  const list = lists[key] ?? [];
  list.push(value);
  lists[key] = list;
}
