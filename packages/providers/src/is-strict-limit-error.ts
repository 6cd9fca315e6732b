/**
 * The provider error texts that say a strict schema was refused, each as a source showed it (the
 * package README lists where each one was seen). Matched case-insensitively anywhere in the
 * message, so an SDK's prefix (`400 {"type":"error",…`) does not matter.
 */
const strictLimitTexts: readonly RegExp[] = [
  // OpenAI, strict function schemas: "Invalid schema for function 'search': In context=(), …".
  /Invalid schema for function/i,
  // Anthropic, the request budget of union-typed parameters (16).
  /too many parameters with union types/i,
  // Anthropic, the request budget of optional parameters (24).
  /too many optional parameters/i,
  // Anthropic, the request budget of strict tools (20).
  /too many strict tools/i,
  // Anthropic, the grammar compiled from all strict schemas of a request.
  /compiled grammar is too large/i,
  /schema is too complex for compilation/i,
];

/**
 * Whether a provider error message says a strict schema was refused: OpenAI's "Invalid schema for
 * function …", or one of Anthropic's strict-tool limits (too many strict tools, optional or
 * union-typed parameters, a compiled grammar too large). Only texts a source has shown are
 * matched, not guesses. The app may then retry with `strict: "none"`; this package never retries
 * by itself. Never throws (a non-string is `false`).
 */
export function isStrictLimitError(message: string): boolean {
  if (typeof message !== "string") return false;
  return strictLimitTexts.some((text) => text.test(message));
}
