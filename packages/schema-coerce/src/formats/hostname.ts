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

function checkLabels(labels: readonly string[], allowUnicode: boolean): boolean {
  const unicodeLabels: string[] = [];
  // The length of the name in A-labels: the dots, then each label.
  let asciiLength = labels.length - 1;
  for (const label of labels) {
    if (!nonAscii.test(label)) {
      const unicode = asciiLabelToUnicode(label);
      if (unicode === undefined) return false;
      unicodeLabels.push(unicode);
      asciiLength += label.length;
    } else {
      const unicode = label.normalize("NFC");
      if (!allowUnicode || !isValidULabel(unicode)) return false;
      const aLabelLength = 4 + encodePunycode(unicode).length;
      if (aLabelLength > 63) return false;
      unicodeLabels.push(unicode);
      asciiLength += aLabelLength;
    }
  }
  return asciiLength <= 253 && satisfiesBidiRule(unicodeLabels);
}

/** An ASCII host name; `xn--` labels must be valid A-labels. */
export function isHostname(value: string): boolean {
  return checkLabels(value.split("."), false);
}

/** An internationalized host name (labels separated by any IDNA full stop). */
export function isIdnHostname(value: string): boolean {
  return checkLabels(value.split(/[.\u3002\uFF0E\uFF61]/), true);
}
