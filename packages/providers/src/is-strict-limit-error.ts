/**
 * Whether a provider error message says a strict schema was refused: OpenAI's "Invalid schema for
 * function …", or one of Anthropic's strict-tool limits (too many strict tools, optional or union
 * parameters, a schema too large or too deeply nested). The app may then retry with
 * `strict: "none"`; this package never retries by itself.
 */
export function isStrictLimitError(message: string): boolean {
  if (typeof message !== "string") return false;
  if (/Invalid schema for function/i.test(message)) return true;
  return (
    /strict/i.test(message) &&
    /(too many|exceed|maximum|at most|limit|too (large|complex|deep))/i.test(message)
  );
}
