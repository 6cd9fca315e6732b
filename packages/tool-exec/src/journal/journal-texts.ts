/**
 * The texts recovery writes into error results. The model reads them, so they are
 * contract; tests import them rather than retyping them. Both have `errorType: "interrupted"`.
 */

/** A `replay: "never"` call (or one whose tool is gone) was started but never settled. */
export function interruptedText(name: string): string {
  return `Tool ${name} was interrupted before its result was recorded; it may or may not have taken effect, and it was not run again.`;
}

/** A `replay: "safe"` call reached `maxAttempts` started records without settling. */
export function interruptedTimesText(name: string, attempts: number): string {
  return `Tool ${name} was interrupted ${attempts} times before its result was recorded; it was not run again.`;
}
