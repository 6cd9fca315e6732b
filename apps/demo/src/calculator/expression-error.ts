/** A calculator expression could not be evaluated; `position` is the 0-based offset of the problem. */
export class ExpressionError extends Error {
  readonly code = "INVALID_EXPRESSION";
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = "ExpressionError";
    this.position = position;
  }
}
