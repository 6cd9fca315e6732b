/**
 * The IDNA2008 checks of one U-label (RFC 5891 §5.4, RFC 5892 exceptions and contextual rules)
 * and the Bidi rule (RFC 5893), approximated with Unicode property escapes instead of the full
 * derived-property tables, to keep the package small.
 */

/** Matches a character outside ASCII (a UTF-16 code unit above 0x7F). */
export const nonAscii = /[\u0080-\uFFFF]/;

// Letters, marks and digits, `-`, the contextual characters (ZWNJ, ZWJ, middle dot, keraia,
// geresh, gershayim, katakana middle dot) and the PVALID exceptions that are not letters (ß and
// ς are Ll already); `brokenLabel` below rules out the DISALLOWED exceptions. The joiners are a
// range so that the class does not read as a joined sequence.
const allowedLabel =
  /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}\-\u200C-\u200D\u00B7\u0375\u05F3\u05F4\u30FB\u06FD\u06FE\u0F0B\u3007]*$/u;
const virama =
  /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0E3A\u0EBA\u0F84\u1039\u103A\u1714\u1715\u1734\u17D2\u1A60\u1B44\u1BAA\u1BAB\u1BF2\u1BF3\u2D7F\uA806\uA82C\uA8C4\uA953\uA9C0\uAAF6\uABED\u{10A3F}\u{11046}\u{11070}\u{1107F}\u{110B9}\u{11133}\u{11134}\u{111C0}\u{11235}\u{112EA}\u{1134D}\u{11442}\u{114C2}\u{115BF}\u{1163F}\u{116B6}\u{1172B}\u{11839}\u{1193D}\u{1193E}\u{119E0}\u{11A34}\u{11A47}\u{11A99}\u{11C3F}\u{11D44}\u{11D45}\u{11D97}]/u;
// Scripts with joining letters: Arabic, Syriac, N'Ko, Mongolian, Mandaic, Manichaean, Psalter
// Pahlavi, Adlam (ISO 15924 codes, shorter than the long names).
const joining =
  /[\p{sc=Arab}\p{sc=Syrc}\p{sc=Nkoo}\p{sc=Mong}\p{sc=Mand}\p{sc=Mani}\p{sc=Phlp}\p{sc=Adlm}]/u;
const transparent = /[\p{Mn}\p{Me}\p{Cf}]/u;

// What breaks a label whatever else it holds, one alternative each: a hyphen first or last, a
// combining mark first (RFC 5891 §5.4); an RFC 5892 DISALLOWED exception (tatweel, N'Ko
// lajanyalan, Hangul tone marks, vertical kana repeat and ideographic iteration marks); then
// the appendix A rules a pattern can state: MIDDLE DOT not between two `l`, GREEK LOWER NUMERAL
// SIGN not before a Greek character, HEBREW GERESH or GERSHAYIM not after a Hebrew character,
// KATAKANA MIDDLE DOT without a Hiragana, Katakana or Han character in the label, and
// ARABIC-INDIC digits mixed with EXTENDED ARABIC-INDIC digits (anchored: linear time).
const brokenLabel =
  /^-|-$|^\p{M}|[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B]|(?:^|[^l])\u00B7|\u00B7(?!l)|\u0375(?!\p{sc=Grek})|(?:^|\P{sc=Hebr})[\u05F3\u05F4]|^(?!.*[\p{sc=Hira}\p{sc=Kana}\p{sc=Hani}]).*\u30FB|^(?=.*[\u0660-\u0669]).*[\u06F0-\u06F9]/su;

// ZERO WIDTH NON-JOINER: after a virama, or between joining letters (transparent marks between).
// ZERO WIDTH JOINER: after a virama.
function joinerAllowed(characters: readonly string[], index: number): boolean {
  // Outside the label `characters[...]` is undefined, read as "" (which no pattern matches).
  if (virama.test(characters[index - 1] ?? "")) return true;
  if (characters[index] === "\u200D") return false;
  let before = index - 1;
  while (transparent.test(characters[before] ?? "")) before--;
  let after = index + 1;
  while (transparent.test(characters[after] ?? "")) after++;
  return joining.test(characters[before] ?? "") && joining.test(characters[after] ?? "");
}

/** Whether `label` (lower-case, non-empty, no dots) is a valid IDNA2008 U-label. */
export function isValidULabel(label: string): boolean {
  if (!allowedLabel.test(label) || brokenLabel.test(label) || label.slice(2, 4) === "--") {
    return false;
  }
  const characters = Array.from(label);
  return characters.every(
    (character, index) =>
      (character !== "\u200C" && character !== "\u200D") || joinerAllowed(characters, index),
  );
}

// Bidi classes, approximated by script and general category, one letter each and tried in this
// order: M (NSM), N (AN), E (EN), R (Hebrew, N'Ko, Samaritan, Mandaic), A (AL: Arabic, Syriac,
// Thaana), O (ON); any other character is L.
const bidiPatterns: readonly [string, RegExp][] = [
  ["M", /[\p{Mn}\p{Me}]/u],
  ["N", /[\u0600-\u0605\u0660-\u0669\u066B\u066C\u06DD\u0890\u0891\u08E2]/u],
  ["E", /[0-9\u06F0-\u06F9]/u],
  ["R", /[\p{sc=Hebr}\p{sc=Nkoo}\p{sc=Samr}\p{sc=Mand}]/u],
  ["A", /[\p{sc=Arab}\p{sc=Syrc}\p{sc=Thaa}]/u],
  ["O", /[-\u00B7\u30FB\u0375\u200C-\u200D]/u],
];

function bidiClass(character: string): string {
  return bidiPatterns.find(([, pattern]) => pattern.test(character))?.[0] ?? "L";
}

// RFC 5893 §2: an RTL label starts with R or AL, has no L, and ends (before trailing NSM) with
// R, AL, EN or AN; an LTR label starts with L, has no R, AL or AN, and ends with L or EN. EN and
// AN never meet in one label (an LTR label has no AN at all).
const bidiLabel = /^(?:[RA](?:[RAENOM]*[RAEN])?|L(?:[LEOM]*[LE])?)M*$/;

/**
 * The Bidi rule for the U-labels of one domain name: when any label has right-to-left
 * characters (R, AL or AN), the name is a Bidi domain name and every label must satisfy it.
 */
export function satisfiesBidiRule(labels: readonly string[]): boolean {
  // ASCII holds no right-to-left characters: most names need no per-character classes.
  if (!labels.some((label) => nonAscii.test(label))) return true;
  const classes = labels.map((label) => Array.from(label, bidiClass).join(""));
  if (!classes.some((kinds) => /[RAN]/.test(kinds))) return true;
  return classes.every((kinds) => bidiLabel.test(kinds) && !/E.*N|N.*E/.test(kinds));
}
