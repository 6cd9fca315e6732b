/**
 * The IDNA2008 checks of one U-label (RFC 5891 §5.4, RFC 5892 exceptions and contextual rules)
 * and the Bidi rule (RFC 5893), approximated with Unicode property escapes instead of the full
 * derived-property tables, to keep the package small.
 */

const pvalidExceptions = /[\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]/u;
const disallowedExceptions = /[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B]/u;
const allowedCharacter = /[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}a-z0-9-]/u;
// A set, not a character class: a class holding ZERO WIDTH JOINER reads as a joined sequence.
const contextual = new Set(["\u200C", "\u200D", "\u00B7", "\u0375", "\u05F3", "\u05F4", "\u30FB"]);
const combiningMark = /^\p{M}/u;
const virama =
  /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0E3A\u0EBA\u0F84\u1039\u103A\u1714\u1715\u1734\u17D2\u1A60\u1B44\u1BAA\u1BAB\u1BF2\u1BF3\u2D7F\uA806\uA82C\uA8C4\uA953\uA9C0\uAAF6\uABED\u{10A3F}\u{11046}\u{11070}\u{1107F}\u{110B9}\u{11133}\u{11134}\u{111C0}\u{11235}\u{112EA}\u{1134D}\u{11442}\u{114C2}\u{115BF}\u{1163F}\u{116B6}\u{1172B}\u{11839}\u{1193D}\u{1193E}\u{119E0}\u{11A34}\u{11A47}\u{11A99}\u{11C3F}\u{11D44}\u{11D45}\u{11D97}]/u;
const joining =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Mandaic}\p{Script=Manichaean}\p{Script=Psalter_Pahlavi}\p{Script=Adlam}]/u;
const transparent = /[\p{Mn}\p{Me}\p{Cf}]/u;
const greek = /\p{Script=Greek}/u;
const hebrew = /\p{Script=Hebrew}/u;
const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const arabicIndicDigit = /[\u0660-\u0669]/u;
const extendedArabicIndicDigit = /[\u06F0-\u06F9]/u;

function isAllowed(character: string): boolean {
  if (pvalidExceptions.test(character)) return true;
  if (disallowedExceptions.test(character)) return false;
  return allowedCharacter.test(character) || contextual.has(character);
}

// ZERO WIDTH NON-JOINER: after a virama, or between joining letters (transparent marks between).
function zwnjAllowed(characters: readonly string[], index: number): boolean {
  if (index > 0 && virama.test(characters[index - 1]!)) return true;
  let before = index - 1;
  while (before >= 0 && transparent.test(characters[before]!)) before--;
  let after = index + 1;
  while (after < characters.length && transparent.test(characters[after]!)) after++;
  return (
    before >= 0 &&
    after < characters.length &&
    joining.test(characters[before]!) &&
    joining.test(characters[after]!)
  );
}

function contextAllowed(characters: readonly string[], index: number, label: string): boolean {
  const character = characters[index]!;
  const previous = characters[index - 1];
  const next = characters[index + 1];
  switch (character) {
    case "\u200C":
      return zwnjAllowed(characters, index);
    case "\u200D":
      return previous !== undefined && virama.test(previous);
    case "\u00B7":
      return previous === "l" && next === "l";
    case "\u0375":
      return next !== undefined && greek.test(next);
    case "\u05F3":
    case "\u05F4":
      return previous !== undefined && hebrew.test(previous);
    case "\u30FB":
      return characters.some((other) => other !== "\u30FB" && japanese.test(other));
    default:
      if (arabicIndicDigit.test(character)) return !extendedArabicIndicDigit.test(label);
      if (extendedArabicIndicDigit.test(character)) return !arabicIndicDigit.test(label);
      return true;
  }
}

/** Whether `label` (lower-case, non-empty, no dots) is a valid IDNA2008 U-label. */
export function isValidULabel(label: string): boolean {
  if (label.startsWith("-") || label.endsWith("-")) return false;
  if (label.length >= 4 && label[2] === "-" && label[3] === "-") return false;
  if (combiningMark.test(label)) return false;
  const characters = Array.from(label);
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index]!;
    if (!isAllowed(character)) return false;
    if (!contextAllowed(characters, index, label)) return false;
  }
  return true;
}

// Bidi classes, approximated by script and general category.
const rightToLeft = /[\p{Script=Hebrew}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const arabicLetter = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
const arabicNumber = /[\u0600-\u0605\u0660-\u0669\u066B\u066C\u06DD\u0890\u0891\u08E2]/u;
const europeanNumber = /[0-9\u06F0-\u06F9]/u;
const nonSpacingMark = /[\p{Mn}\p{Me}]/u;
const neutral = new Set(["-", "\u00B7", "\u30FB", "\u0375", "\u200C", "\u200D"]);

type BidiClass = "L" | "R" | "AL" | "AN" | "EN" | "NSM" | "ON";

function bidiClass(character: string): BidiClass {
  if (nonSpacingMark.test(character)) return "NSM";
  if (arabicNumber.test(character)) return "AN";
  if (europeanNumber.test(character)) return "EN";
  if (rightToLeft.test(character)) return "R";
  if (arabicLetter.test(character)) return "AL";
  if (neutral.has(character)) return "ON";
  return "L";
}

/** Whether the label has right-to-left characters (then the domain is a Bidi domain name). */
export function hasRightToLeft(label: string): boolean {
  for (const character of label) {
    const kind = bidiClass(character);
    if (kind === "R" || kind === "AL" || kind === "AN") return true;
  }
  return false;
}

/** The RFC 5893 Bidi rule for one label of a Bidi domain name. */
export function satisfiesBidiRule(label: string): boolean {
  const classes = Array.from(label, bidiClass);
  const first = classes[0];
  let last = classes.length - 1;
  while (last > 0 && classes[last] === "NSM") last--;
  const end = classes[last];
  if (first === "R" || first === "AL") {
    if (classes.some((kind) => kind === "L")) return false;
    if (end !== "R" && end !== "AL" && end !== "EN" && end !== "AN") return false;
    return !(classes.includes("EN") && classes.includes("AN"));
  }
  if (first !== "L") return false;
  if (classes.some((kind) => kind === "R" || kind === "AL" || kind === "AN")) return false;
  return end === "L" || end === "EN";
}
