/**
 * A strict reader for the Python literals models write where JSON belongs: lists, tuples and
 * dicts built only from strings (single- or double-quoted, with Python's escapes), numbers,
 * `True` / `False` / `None` and nested lists, tuples and dicts — `"['Santa Barbara', 'Monterey']"`,
 * `"{'adults': 2, 'pets': None}"`, `"(1, 2.5)"`. Not a Python parser and no `eval`: one pass over
 * the text (linear time), nesting bounded by `MAX_VALUE_DEPTH`, and anything outside that grammar
 * (a name, a call, an operator, a comment, a set, a string prefix such as `r'…'`, a triple-quoted
 * or adjacent string, a non-string dict key) makes the whole text unreadable.
 *
 * Values map to JSON as Python's `ast.literal_eval` reads them: `True` → `true`, `None` → `null`,
 * a tuple → an array, a float → the nearest double (as `JSON.parse` reads a number). An integer a
 * double cannot hold exactly (`12345678901234567890`) is refused rather than rounded, as are `inf`, `nan`,
 * complex numbers, hexadecimal / octal / binary integers and `_` digit separators.
 */
import { MAX_VALUE_DEPTH } from "./coercion-run";
import { setDataProperty } from "./set-data-property";

/** What {@link readPythonLiteral} read: the value, or `undefined` when the text is not a literal. */
export type PythonLiteral = { readonly value: unknown } | undefined;

/** Thrown inside the reader only: the text is not a literal of the grammar. */
const notALiteral = Symbol("not a Python literal");

/** The reader's position in the text. */
interface Cursor {
  readonly text: string;
  index: number;
}

/** Reads `text` (blanks around it allowed) as one Python literal; `undefined` when it is not one. */
export function readPythonLiteral(text: string): PythonLiteral {
  const cursor: Cursor = { text, index: 0 };
  try {
    skipBlanks(cursor);
    const value = readValue(cursor, 0);
    skipBlanks(cursor);
    if (cursor.index !== text.length) return undefined;
    return { value };
  } catch (error) {
    if (error === notALiteral) return undefined;
    throw error;
  }
}

function fail(): never {
  throw notALiteral;
}

/** Python's blanks between tokens inside brackets: space, tab, newline, carriage return, form feed. */
function skipBlanks(cursor: Cursor): void {
  const { text } = cursor;
  let index = cursor.index;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) break;
  }
  cursor.index = index;
}

function readValue(cursor: Cursor, depth: number): unknown {
  const code = cursor.text.charCodeAt(cursor.index);
  switch (code) {
    case 91 /* [ */:
      return readSequence(cursor, depth, 93 /* ] */).items;
    case 40 /* ( */:
      {
        // `(x)` is `x` in parentheses; `()`, `(x,)` and `(x, y)` are tuples.
        const sequence = readSequence(cursor, depth, 41 /* ) */);
        return sequence.items.length === 1 && !sequence.sawComma
          ? sequence.items[0]
          : sequence.items;
      }
    case 123 /* { */:
      return readDict(cursor, depth);
    case 39 /* ' */:
    case 34 /* " */:
      return readString(cursor);
    default:
      return readWordOrNumber(cursor);
  }
}

/** The items between an opening bracket at the cursor and `closing`; trailing comma allowed. */
function readSequence(
  cursor: Cursor,
  depth: number,
  closing: number,
): { items: unknown[]; sawComma: boolean } {
  if (depth >= MAX_VALUE_DEPTH) fail();
  cursor.index += 1;
  const items: unknown[] = [];
  let sawComma = false;
  skipBlanks(cursor);
  while (cursor.text.charCodeAt(cursor.index) !== closing) {
    items.push(readValue(cursor, depth + 1));
    skipBlanks(cursor);
    const next = cursor.text.charCodeAt(cursor.index);
    if (next === 44 /* , */) {
      sawComma = true;
      cursor.index += 1;
      skipBlanks(cursor);
    } else if (next !== closing) {
      fail();
    }
  }
  cursor.index += 1;
  return { items, sawComma };
}

/** `{'key': value, …}` with string keys only (a JSON object has no other kind). */
function readDict(cursor: Cursor, depth: number): Record<string, unknown> {
  if (depth >= MAX_VALUE_DEPTH) fail();
  cursor.index += 1;
  const result: Record<string, unknown> = {};
  skipBlanks(cursor);
  while (cursor.text.charCodeAt(cursor.index) !== 125 /* } */) {
    const quote = cursor.text.charCodeAt(cursor.index);
    if (quote !== 39 && quote !== 34) fail();
    const key = readString(cursor);
    skipBlanks(cursor);
    if (cursor.text.charCodeAt(cursor.index) !== 58 /* : */) fail();
    cursor.index += 1;
    skipBlanks(cursor);
    // A later duplicate key wins, as in Python and `JSON.parse`.
    setDataProperty(result, key, readValue(cursor, depth + 1));
    skipBlanks(cursor);
    const next = cursor.text.charCodeAt(cursor.index);
    if (next === 44 /* , */) {
      cursor.index += 1;
      skipBlanks(cursor);
    } else if (next !== 125) {
      fail();
    }
  }
  cursor.index += 1;
  return result;
}

const simpleEscapes: Readonly<Record<string, string>> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** A quoted string at the cursor, with Python's escapes; no raw line break inside. */
function readString(cursor: Cursor): string {
  const { text } = cursor;
  const quote = text.charCodeAt(cursor.index);
  let index = cursor.index + 1;
  let runStart = index;
  let result = "";
  for (;;) {
    if (index >= text.length) fail();
    const code = text.charCodeAt(index);
    if (code === quote) break;
    if (code === 10 || code === 13) fail();
    if (code !== 92 /* \ */) {
      index += 1;
      continue;
    }
    result += text.slice(runStart, index);
    const escaped = text[index + 1];
    if (escaped === undefined) fail();
    index += 2;
    const simple = simpleEscapes[escaped];
    if (simple !== undefined) {
      result += simple;
    } else if (escaped === "\n") {
      // A backslash before a line break continues the string on the next line.
    } else if (escaped === "\r") {
      if (text[index] === "\n") index += 1;
    } else if (escaped === "x" || escaped === "u" || escaped === "U") {
      const length = escaped === "x" ? 2 : escaped === "u" ? 4 : 8;
      result += readCodePoint(text, index, length);
      index += length;
    } else if (escaped >= "0" && escaped <= "7") {
      let end = index;
      while (end < index + 2 && text[end] !== undefined && text[end]! >= "0" && text[end]! <= "7") {
        end += 1;
      }
      result += String.fromCodePoint(Number.parseInt(text.slice(index - 1, end), 8));
      index = end;
    } else if (escaped === "N") {
      fail(); // `\N{name}` needs Unicode's name table: not read here.
    } else {
      // Python keeps an unknown escape as written, backslash included.
      result += `\\${escaped}`;
    }
    runStart = index;
  }
  cursor.index = index + 1;
  return result + text.slice(runStart, index);
}

/** The character of exactly `length` hex digits at `index` (at most U+10FFFF). */
function readCodePoint(text: string, index: number, length: number): string {
  const digits = text.slice(index, index + length);
  if (digits.length !== length || !/^[0-9A-Fa-f]+$/.test(digits)) fail();
  const codePoint = Number.parseInt(digits, 16);
  if (codePoint > 0x10ffff) fail();
  return String.fromCodePoint(codePoint);
}

/** Python's number syntax this reader takes: decimal, optional sign, fraction and exponent. */
const numberPattern = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const integerPattern = /^[+-]?\d+$/;

function readWordOrNumber(cursor: Cursor): unknown {
  const { text } = cursor;
  for (const [word, value] of [
    ["True", true],
    ["False", false],
    ["None", null],
  ] as const) {
    if (text.startsWith(word, cursor.index)) {
      const end = cursor.index + word.length;
      if (isNameCharacter(text.charCodeAt(end))) fail();
      cursor.index = end;
      return value;
    }
  }
  numberPattern.lastIndex = cursor.index;
  const match = numberPattern.exec(text);
  if (match === null) fail();
  const token = match[0];
  const end = cursor.index + token.length;
  // `1_000`, `0x10`, `1j`, `1L`, `5abc`: a number glued to more than it can hold.
  const next = text.charCodeAt(end);
  if (isNameCharacter(next) || next === 46 /* . */) fail();
  cursor.index = end;
  if (integerPattern.test(token)) {
    // Python 3 writes no leading zeros on a non-zero integer (`007` is a syntax error).
    const digits = token.replace(/^[+-]/, "");
    if (digits.length > 1 && digits.startsWith("0") && /[1-9]/.test(digits)) fail();
    const integer = Number(token);
    // A Python integer is exact: taken only when a double holds exactly that integer.
    if (!Number.isSafeInteger(integer) && !holdsExactly(token, integer)) fail();
    return integer === 0 ? 0 : integer;
  }
  const number = Number(token);
  if (!Number.isFinite(number)) fail();
  return number;
}

/** Whether the double `integer` is exactly the integer numeral `token` (beyond 2^53 many are not). */
function holdsExactly(token: string, integer: number): boolean {
  return Number.isFinite(integer) && BigInt(token) === BigInt(integer);
}

function isNameCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 /* _ */ ||
    code > 127
  );
}
