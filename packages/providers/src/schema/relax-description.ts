/**
 * The description with relaxed keywords written after it, in the format Anthropic's SDK uses:
 * `desc + "\n\n" + "{k1: v1, k2: v2}"` (`"{…}"` alone when there is no description).
 */
export function relaxDescription(
  description: unknown,
  entries: readonly (readonly [string, unknown])[],
): string {
  const text = `{${entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(", ")}}`;
  return description ? `${String(description)}\n\n${text}` : text;
}
