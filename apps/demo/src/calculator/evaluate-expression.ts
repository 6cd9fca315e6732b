// A small arithmetic evaluator written by hand: a tokenizer and a recursive-descent parser that
// evaluates as it parses. No `eval`, no `new Function` — the demo's calculator must be safe to hand
// to a model, and must fail with a message that says what was wrong and where.
//
// Grammar (lowest precedence first):
//   expression := term (("+" | "-") term)*
//   term       := unary (("*" | "/" | "%") unary)*
//   unary      := ("+" | "-") unary | power
//   power      := primary ("^" unary)?          right-associative: 2^3^2 = 2^9
//   primary    := number | constant | function "(" arguments ")" | "(" expression ")"

import { ExpressionError } from "./expression-error";
import type { ExpressionToken } from "./tokenize-expression";
import { tokenizeExpression } from "./tokenize-expression";

/** Nesting deeper than this is refused instead of risking the call stack. */
const MAX_DEPTH = 64;

const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["pi", Math.PI],
  ["e", Math.E],
]);

const FUNCTIONS: ReadonlyMap<
  string,
  { arity: [number, number]; apply: (...values: number[]) => number }
> = new Map([
  ["sqrt", { arity: [1, 1], apply: (value) => Math.sqrt(value as number) }],
  ["abs", { arity: [1, 1], apply: (value) => Math.abs(value as number) }],
  ["round", { arity: [1, 1], apply: (value) => Math.round(value as number) }],
  ["floor", { arity: [1, 1], apply: (value) => Math.floor(value as number) }],
  ["ceil", { arity: [1, 1], apply: (value) => Math.ceil(value as number) }],
  ["min", { arity: [1, 16], apply: (...values) => Math.min(...values) }],
  ["max", { arity: [1, 16], apply: (...values) => Math.max(...values) }],
]);

/**
 * Evaluates an arithmetic expression: numbers, `+ - * / % ^`, parentheses, the constants `pi` and
 * `e`, and `sqrt abs round floor ceil min max`.
 *
 * Throws an {@link ExpressionError} (never anything else) naming the position of the problem, and
 * for a result that is not a finite number (`1/0`, `sqrt(-1)`).
 */
export function evaluateExpression(source: string): number {
  const parser = new ExpressionParser(source, tokenizeExpression(source));
  const value = parser.parseAll();
  if (!Number.isFinite(value)) {
    throw new ExpressionError(`The result is not a finite number (${String(value)})`, 0);
  }
  return value;
}

class ExpressionParser {
  readonly #source: string;
  readonly #tokens: readonly ExpressionToken[];
  #index = 0;
  #depth = 0;

  constructor(source: string, tokens: readonly ExpressionToken[]) {
    this.#source = source;
    this.#tokens = tokens;
  }

  parseAll(): number {
    if (this.#tokens.length === 0) throw new ExpressionError("The expression is empty", 0);
    const value = this.#parseExpression();
    const extra = this.#peek();
    if (extra !== undefined) {
      throw new ExpressionError(
        `Unexpected "${extra.text}" at position ${extra.position}`,
        extra.position,
      );
    }
    return value;
  }

  #parseExpression(): number {
    let value = this.#parseTerm();
    for (
      let token = this.#peek();
      token?.text === "+" || token?.text === "-";
      token = this.#peek()
    ) {
      this.#index += 1;
      const right = this.#parseTerm();
      value = token.text === "+" ? value + right : value - right;
    }
    return value;
  }

  #parseTerm(): number {
    let value = this.#parseUnary();
    for (
      let token = this.#peek();
      token?.text === "*" || token?.text === "/" || token?.text === "%";
      token = this.#peek()
    ) {
      this.#index += 1;
      const right = this.#parseUnary();
      if (token.text === "*") value *= right;
      else if (token.text === "/") value /= right;
      else value %= right;
    }
    return value;
  }

  #parseUnary(): number {
    const token = this.#peek();
    if (token?.text === "+" || token?.text === "-") {
      this.#index += 1;
      const operand = this.#nested(() => this.#parseUnary());
      return token.text === "-" ? -operand : operand;
    }
    return this.#parsePower();
  }

  #parsePower(): number {
    const base = this.#parsePrimary();
    if (this.#peek()?.text !== "^") return base;
    this.#index += 1;
    return base ** this.#nested(() => this.#parseUnary());
  }

  #parsePrimary(): number {
    const token = this.#next('a number, a name or "("');
    if (token.kind === "number") return token.value;
    if (token.text === "(") {
      const value = this.#nested(() => this.#parseExpression());
      this.#expect(")");
      return value;
    }
    if (token.kind === "name") return this.#parseName(token);
    throw new ExpressionError(
      `Unexpected "${token.text}" at position ${token.position}`,
      token.position,
    );
  }

  #parseName(token: ExpressionToken): number {
    const name = token.text.toLowerCase();
    const constant = CONSTANTS.get(name);
    if (constant !== undefined) return constant;
    const definition = FUNCTIONS.get(name);
    if (definition === undefined) {
      throw new ExpressionError(
        `Unknown name "${token.text}" at position ${token.position}`,
        token.position,
      );
    }
    this.#expect("(");
    const values = this.#nested(() => {
      const collected = [this.#parseExpression()];
      while (this.#peek()?.text === ",") {
        this.#index += 1;
        collected.push(this.#parseExpression());
      }
      return collected;
    });
    this.#expect(")");
    const [least, most] = definition.arity;
    if (values.length < least || values.length > most) {
      const expected = least === most ? String(least) : `${least} to ${most}`;
      throw new ExpressionError(
        `${name}() takes ${expected} argument${most === 1 ? "" : "s"}, got ${values.length} (position ${token.position})`,
        token.position,
      );
    }
    return definition.apply(...values);
  }

  #nested<T>(parse: () => T): T {
    this.#depth += 1;
    if (this.#depth > MAX_DEPTH) {
      const position = this.#peek()?.position ?? this.#source.length;
      throw new ExpressionError(`The expression nests deeper than ${MAX_DEPTH} levels`, position);
    }
    try {
      return parse();
    } finally {
      this.#depth -= 1;
    }
  }

  #expect(text: string): void {
    const token = this.#next(`"${text}"`);
    if (token.text !== text) {
      throw new ExpressionError(
        `Expected "${text}" at position ${token.position}, found "${token.text}"`,
        token.position,
      );
    }
  }

  #next(expected: string): ExpressionToken {
    const token = this.#tokens[this.#index];
    if (token === undefined) {
      throw new ExpressionError(
        `Expected ${expected} at position ${this.#source.length}, found the end`,
        this.#source.length,
      );
    }
    this.#index += 1;
    return token;
  }

  #peek(): ExpressionToken | undefined {
    return this.#tokens[this.#index];
  }
}
