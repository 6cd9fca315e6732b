/** Small formats: `uuid` and `regex`. */

const uuidPattern = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** An RFC 4122 UUID in its hyphenated hex form. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * Whether each Unicode property name met so far is valid, by name. The names are a finite set
 * fixed by the engine, so the map stays small however many strings are checked.
 */
const propertyNames = new Map<string, boolean>();

/** Whether `\p{name}` compiles with the `u` flag, asked once per name. */
function isPropertyName(name: string): boolean {
  let valid = propertyNames.get(name);
  if (valid === undefined) {
    try {
      new RegExp(`\\p{${name}}`, "u");
      valid = true;
    } catch {
      valid = false;
    }
    // Only valid names are kept: they are finitely many, while invalid ones are endless (and end
    // the check at once anyway).
    if (valid) propertyNames.set(name, true);
  }
  return valid;
}

/**
 * `source` with each `\p{…}` / `\P{…}` whose name is valid replaced by `\w`, or `undefined` when
 * one names no property. The engine builds a property's full code point set each time it meets
 * one (`\p{L}` is hundreds of ranges), so 100,000 of them took seconds, and inside one class
 * much longer; `\w` is accepted and rejected in exactly the same places (an atom, a class member,
 * never a range end under `u`), so the rewritten source compiles exactly when the original does.
 */
function withoutPropertyEscapes(source: string): string | undefined {
  if (!source.includes("\\p{") && !source.includes("\\P{")) return source;
  let result = "";
  let copiedUpTo = 0;
  for (let index = 0; index < source.length; index++) {
    if (source.charCodeAt(index) !== 0x5c /* \ */) continue;
    const kind = source[index + 1];
    if ((kind === "p" || kind === "P") && source[index + 2] === "{") {
      const close = source.indexOf("}", index + 3);
      if (close === -1) return source;
      if (!isPropertyName(source.slice(index + 3, close))) return undefined;
      result += `${source.slice(copiedUpTo, index)}\\w`;
      copiedUpTo = close + 1;
      index = close;
    } else {
      // Any other escape is two characters: `\\p{L}` is a backslash, then a literal `p{L}`.
      index += 1;
    }
  }
  return result + source.slice(copiedUpTo);
}

/** An ECMAScript regular expression that compiles with the `u` flag. */
export function isRegex(value: string): boolean {
  const source = withoutPropertyEscapes(value);
  if (source === undefined) return false;
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}
