import { ExpressionError } from "./expression-error";

/** One token of a calculator expression. */
export type ExpressionToken =
  | {
      readonly kind: "number";
      readonly text: string;
      readonly value: number;
      readonly position: number;
    }
  | { readonly kind: "name" | "symbol"; readonly text: string; readonly position: number };

const SYMBOLS = new Set(["+", "-", "*", "/", "%", "^", "(", ")", ","]);
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const WHITESPACE = /\s/;

/** Splits an expression into numbers, names and symbols; throws an `ExpressionError` on anything else. */
export function tokenizeExpression(source: string): ExpressionToken[] {
  const tokens: ExpressionToken[] = [];
  let position = 0;
  while (position < source.length) {
    const character = source.charAt(position);
    if (WHITESPACE.test(character)) {
      position += 1;
      continue;
    }
    // Sticky patterns match at `position` without copying the rest of the source.
    NUMBER.lastIndex = position;
    const number = NUMBER.exec(source);
    if (number !== null) {
      tokens.push({ kind: "number", text: number[0], value: Number(number[0]), position });
      position += number[0].length;
      continue;
    }
    NAME.lastIndex = position;
    const name = NAME.exec(source);
    if (name !== null) {
      tokens.push({ kind: "name", text: name[0], position });
      position += name[0].length;
      continue;
    }
    if (SYMBOLS.has(character)) {
      tokens.push({ kind: "symbol", text: character, position });
      position += 1;
      continue;
    }
    const shown = String.fromCodePoint(source.codePointAt(position) ?? 0);
    throw new ExpressionError(`Unexpected character "${shown}" at position ${position}`, position);
  }
  return tokens;
}
