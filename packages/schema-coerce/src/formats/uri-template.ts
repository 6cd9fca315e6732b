/**
 * RFC 6570 `uri-template`: literals and well-formed `{...}` expressions, read by a scanner
 * (linear, never throws whatever the length).
 */
import { isPercentEncoded, isWordCharacter } from "./scan-characters";

/** RFC 6570 literals, with the apostrophe erratum 6937 allows; no controls, DEL or C1. */
function isLiteral(code: number): boolean {
  if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  switch (code) {
    case 0x22 /* " */:
    case 0x25 /* % */:
    case 0x3c /* < */:
    case 0x3e /* > */:
    case 0x5c /* \ */:
    case 0x5e /* ^ */:
    case 0x60 /* ` */:
    case 0x7b /* { */:
    case 0x7c /* | */:
    case 0x7d /* } */:
      return false;
    default:
      return true;
  }
}

const operators = "+#./;?&=,!@|";

/** The end of a varchar (`\w` or a percent-encoding) at `index`, or -1. */
function readVarChar(text: string, index: number): number {
  if (isWordCharacter(text.charCodeAt(index))) return index + 1;
  return isPercentEncoded(text, index) ? index + 3 : -1;
}

/** The end of one varspec (`name(.name)*` then `:1-9999` or `*`) at `index`, or -1. */
function readVarSpec(text: string, start: number): number {
  let index = readVarChar(text, start);
  if (index === -1) return -1;
  for (;;) {
    let next = index;
    if (text.charCodeAt(next) === 0x2e /* . */) next += 1;
    const after = readVarChar(text, next);
    if (after === -1) break;
    index = after;
  }
  const modifier = text.charCodeAt(index);
  if (modifier === 0x2a /* * */) return index + 1;
  if (modifier !== 0x3a /* : */) return index;
  const first = text.charCodeAt(index + 1);
  if (first < 0x31 || first > 0x39) return -1;
  let end = index + 2;
  while (end < index + 5 && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
  return end;
}

/** The end of the expression opened by `{` at `index`, or -1. */
function readExpression(text: string, start: number): number {
  let index = start + 1;
  if (operators.includes(text[index] ?? " ")) index += 1;
  for (;;) {
    index = readVarSpec(text, index);
    if (index === -1) return -1;
    const code = text.charCodeAt(index);
    if (code === 0x7d /* } */) return index + 1;
    if (code !== 0x2c /* , */) return -1;
    index += 1;
  }
}

/** An RFC 6570 URI template. */
export function isUriTemplate(value: string): boolean {
  let index = 0;
  while (index < value.length) {
    const code = value.charCodeAt(index);
    if (code === 0x7b /* { */) {
      index = readExpression(value, index);
      if (index === -1) return false;
    } else if (code === 0x25 /* % */) {
      if (!isPercentEncoded(value, index)) return false;
      index += 3;
    } else if (isLiteral(code)) {
      // A lone surrogate is no character; a pair is one literal.
      if (code >= 0xd800 && code <= 0xdfff) {
        const codePoint = value.codePointAt(index) as number;
        if (codePoint <= 0xffff) return false;
        index += 2;
      } else {
        index += 1;
      }
    } else {
      return false;
    }
  }
  return true;
}
