/** RFC 1123 `hostname` and RFC 5890 `idn-hostname`, including `xn--` A-label checks. */
import { hasRightToLeft, isValidULabel, satisfiesBidiRule } from "./idna-label";
import { decodePunycode, encodePunycode } from "./punycode";

const ldhLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const idnSeparators = /[.\u3002\uFF0E\uFF61]/;

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) > 0x7f) return false;
  }
  return true;
}

/** The U-label form of an ASCII label (decoded when it is an A-label); undefined when invalid. */
function asciiLabelToUnicode(label: string): string | undefined {
  if (label.length > 63 || !ldhLabel.test(label)) return undefined;
  const lower = label.toLowerCase();
  if (lower[2] === "-" && lower[3] === "-") {
    if (!lower.startsWith("xn--")) return undefined;
    const decoded = decodePunycode(lower.slice(4));
    // An A-label must decode to non-ASCII and re-encode to itself.
    if (decoded === undefined || isAscii(decoded)) return undefined;
    if (encodePunycode(decoded) !== lower.slice(4)) return undefined;
    return isValidULabel(decoded) ? decoded : undefined;
  }
  return lower;
}

function checkLabels(labels: readonly string[], allowUnicode: boolean): boolean {
  if (labels.some((label) => label === "")) return false;
  const unicodeLabels: string[] = [];
  let asciiLength = labels.length - 1;
  for (const label of labels) {
    if (isAscii(label)) {
      const unicode = asciiLabelToUnicode(label);
      if (unicode === undefined) return false;
      unicodeLabels.push(unicode);
      asciiLength += label.length;
    } else {
      if (!allowUnicode) return false;
      const lower = label.normalize("NFC");
      if (!isValidULabel(lower)) return false;
      const aLabelLength = 4 + encodePunycode(lower).length;
      if (aLabelLength > 63) return false;
      unicodeLabels.push(lower);
      asciiLength += aLabelLength;
    }
  }
  if (asciiLength > 253) return false;
  if (unicodeLabels.some(hasRightToLeft)) return unicodeLabels.every(satisfiesBidiRule);
  return true;
}

/** An ASCII host name; `xn--` labels must be valid A-labels. */
export function isHostname(value: string): boolean {
  return value.length <= 253 && checkLabels(value.split("."), false);
}

/** An internationalized host name (labels separated by any IDNA full stop). */
export function isIdnHostname(value: string): boolean {
  return checkLabels(value.split(idnSeparators), true);
}
