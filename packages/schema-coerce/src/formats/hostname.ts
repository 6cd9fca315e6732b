/** RFC 1123 `hostname` and RFC 5890 `idn-hostname`, including `xn--` A-label checks. */
import { isValidULabel, nonAscii, satisfiesBidiRule } from "./idna-label";
import { decodePunycode, encodePunycode } from "./punycode";

// At most 63 characters, so the Punycode decoder never sees a longer label.
const ldhLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The U-label form of an ASCII label (decoded when it is an A-label); undefined when invalid. */
function asciiLabelToUnicode(label: string): string | undefined {
  if (!ldhLabel.test(label)) return undefined;
  const lower = label.toLowerCase();
  if (lower.slice(2, 4) !== "--") return lower;
  if (!lower.startsWith("xn--")) return undefined;
  const decoded = decodePunycode(lower.slice(4));
  // An A-label must decode to non-ASCII and re-encode to itself.
  if (decoded === undefined || !nonAscii.test(decoded)) return undefined;
  if (encodePunycode(decoded) !== lower.slice(4)) return undefined;
  return isValidULabel(decoded) ? decoded : undefined;
}

/**
 * No host name is longer than this many UTF-16 code units: its A-label form is at most 253
 * characters, each character of a U-label adds at least one, and NFC shrinks a string at most
 * fourfold (a canonical decomposition has at most four code points). Longer input is rejected
 * before any per-character work, so cost never depends on a hostile length.
 */
const MAX_HOST_CODE_UNITS = 253 * 4 * 2;

/** An A-label is at most 63 characters: `xn--` and at least one per character of the U-label. */
const MAX_U_LABEL_CODE_POINTS = 59;

function checkLabels(labels: readonly string[], allowUnicode: boolean): boolean {
  const unicodeLabels: string[] = [];
  // The length of the name in A-labels: the dots, then each label.
  let asciiLength = labels.length - 1;
  if (asciiLength > 253) return false;
  for (const label of labels) {
    if (!nonAscii.test(label)) {
      const unicode = asciiLabelToUnicode(label);
      if (unicode === undefined) return false;
      unicodeLabels.push(unicode);
      asciiLength += label.length;
    } else {
      if (!allowUnicode) return false;
      const unicode = label.normalize("NFC");
      if (countCodePoints(unicode, MAX_U_LABEL_CODE_POINTS + 1) > MAX_U_LABEL_CODE_POINTS) {
        return false;
      }
      if (!isValidULabel(unicode)) return false;
      const aLabelLength = 4 + encodePunycode(unicode).length;
      if (aLabelLength > 63) return false;
      unicodeLabels.push(unicode);
      asciiLength += aLabelLength;
    }
    if (asciiLength > 253) return false;
  }
  return asciiLength <= 253 && satisfiesBidiRule(unicodeLabels);
}

/** An ASCII host name; `xn--` labels must be valid A-labels. */
export function isHostname(value: string): boolean {
  return value.length <= 253 && checkLabels(value.split("."), false);
}

/** An internationalized host name (labels separated by any IDNA full stop). */
export function isIdnHostname(value: string): boolean {
  return (
    value.length <= MAX_HOST_CODE_UNITS && checkLabels(value.split(/[.\u3002\uFF0E\uFF61]/), true)
  );
}

/** The code points of `text`, counting no further than `limit`. */
function countCodePoints(text: string, limit: number): number {
  let count = 0;
  for (let index = 0; index < text.length && count < limit; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) index += 1;
    count += 1;
  }
  return count;
}
