/**
 * Output truncation: the text of a result beyond `maxBytes` UTF-8 bytes or `maxLines`
 * lines is cut at a line boundary, and the last shown text ends with a notice saying what was shown
 * out of how much. The budget is shared by every text block of the result, in order; every other
 * block (media, links, embedded resources, whose text is bounded by the media limit instead) is
 * kept. A cut block keeps its annotations; the notice then goes in a block of its own, so that it
 * reaches the model whatever the block's audience. A single first line longer than the whole
 * budget is cut inside the line (at a code point) rather than showing nothing.
 */
import type { ToolCall, ToolContent } from "@toolwright/tool-core";
import { isPromiseLike, type MaybePromise } from "../maybe-async";

/** How much text of one result reaches the model. */
export interface TruncationOptions {
  /** UTF-8 bytes of text shown at most. Default 51,200. */
  readonly maxBytes?: number | undefined;
  /** Lines of text shown at most. Default 2,000. */
  readonly maxLines?: number | undefined;
  /**
   * Stores the full text of a truncated result (to a file, a blob store) and returns a reference
   * that the notice names, so the model can ask for the rest.
   *
   * **Contract:** may be async. May throw or reject: the notice then names no reference, and the
   * call is not failed. `fullText` is every text part joined with a newline.
   */
  readonly spill?:
    | ((fullText: string, toolCall: ToolCall) => string | PromiseLike<string>)
    | undefined;
}

/** The SPEC's default budget of text bytes (UTF-8) per result. */
export const DEFAULT_MAX_BYTES = 51_200;
/** The SPEC's default budget of text lines per result. */
export const DEFAULT_MAX_LINES = 2_000;

interface Measured {
  readonly content: ToolContent[];
  readonly shownLines: number;
  readonly shownBytes: number;
  readonly totalLines: number;
  readonly totalBytes: number;
  /** Index in `content` of the part the notice is appended to, or -1 to append a new part. */
  readonly noticeIndex: number;
}

/**
 * The content the model sees: `content` itself when it fits (no copy), else a truncated copy with
 * a notice. Returns a promise only when `spill` is set and returned one.
 */
export function truncateOutput(
  content: readonly ToolContent[],
  options: TruncationOptions,
  toolCall: ToolCall,
): MaybePromise<readonly ToolContent[]> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  if (fitsForSure(content, maxBytes, maxLines)) return content;
  const measured = measure(content, maxBytes, maxLines);
  if (measured === undefined) return content;
  const spill = options.spill;
  if (spill === undefined) return withNotice(measured, undefined);
  let reference: unknown;
  try {
    reference = spill(joinText(content), toolCall);
  } catch {
    return withNotice(measured, undefined);
  }
  if (isPromiseLike(reference)) {
    return Promise.resolve(reference).then(
      (awaited) => withNotice(measured, awaited),
      () => withNotice(measured, undefined),
    );
  }
  return withNotice(measured, reference);
}

/** The notice appended to truncated text. */
export function truncationNotice(
  shownLines: number,
  totalLines: number,
  shownBytes: number,
  totalBytes: number,
  reference: string | undefined,
): string {
  const where = reference === undefined ? "" : ` The full output is at ${reference}.`;
  return `[Output truncated: showing ${shownLines} of ${totalLines} lines (${shownBytes} of ${totalBytes} bytes).${where}]`;
}

// Each UTF-16 unit is at most 3 UTF-8 bytes and each part has at most length + 1 lines, so
// small outputs — nearly all of them — skip the line scan entirely.
function fitsForSure(content: readonly ToolContent[], maxBytes: number, maxLines: number): boolean {
  let units = 0;
  let lines = 0;
  for (const part of content) {
    if (part.type !== "text") continue;
    units += part.text.length;
    lines += part.text.length + 1;
  }
  return units * 3 <= maxBytes && lines <= maxLines;
}

function measure(
  content: readonly ToolContent[],
  maxBytes: number,
  maxLines: number,
): Measured | undefined {
  let remainingBytes = maxBytes;
  let remainingLines = maxLines;
  let shownBytes = 0;
  let shownLines = 0;
  let totalBytes = 0;
  let totalLines = 0;
  let cut = false;
  let noticeIndex = -1;
  const kept: ToolContent[] = [];
  for (const part of content) {
    if (part.type !== "text") {
      kept.push(part);
      continue;
    }
    const text = part.text;
    let keepUntil = 0;
    let position = 0;
    for (;;) {
      // A text that ends with a newline has no further (empty) line.
      if (position === text.length && position > 0) break;
      const newline = text.indexOf("\n", position);
      const end = newline === -1 ? text.length : newline + 1;
      const lineBytes = utf8Length(text, position, end);
      totalBytes += lineBytes;
      totalLines++;
      if (!cut && lineBytes <= remainingBytes && remainingLines > 0) {
        remainingBytes -= lineBytes;
        remainingLines--;
        shownBytes += lineBytes;
        shownLines++;
        keepUntil = end;
      } else if (!cut) {
        cut = true;
        if (shownLines === 0 && remainingLines > 0) {
          keepUntil = sliceEndForBytes(text, position, remainingBytes);
          shownBytes += utf8Length(text, position, keepUntil);
        }
      }
      if (newline === -1) break;
      position = newline + 1;
    }
    if (keepUntil === text.length) {
      kept.push(part);
      noticeIndex = kept.length - 1;
    } else if (keepUntil > 0) {
      kept.push({ ...part, text: text.slice(0, keepUntil) });
      noticeIndex = kept.length - 1;
    }
  }
  if (!cut) return undefined;
  return { content: kept, shownBytes, shownLines, totalBytes, totalLines, noticeIndex };
}

function withNotice(measured: Measured, reference: unknown): ToolContent[] {
  const notice = truncationNotice(
    measured.shownLines,
    measured.totalLines,
    measured.shownBytes,
    measured.totalBytes,
    typeof reference === "string" && reference !== "" ? reference : undefined,
  );
  const content = measured.content;
  const target = content[measured.noticeIndex];
  if (target !== undefined && target.type === "text" && target.annotations === undefined) {
    const separator = target.text.endsWith("\n") ? "\n" : "\n\n";
    content[measured.noticeIndex] = { type: "text", text: `${target.text}${separator}${notice}` };
  } else {
    content.push({ type: "text", text: notice });
  }
  return content;
}

function joinText(content: readonly ToolContent[]): string {
  const texts: string[] = [];
  for (const part of content) if (part.type === "text") texts.push(part.text);
  return texts.join("\n");
}

/** UTF-8 length of `text.slice(start, end)`, without encoding it. */
function utf8Length(text: string, start: number, end: number): number {
  let bytes = 0;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < end) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The end index of the longest prefix from `start` that fits `budget` bytes, never splitting a pair. */
function sliceEndForBytes(text: string, start: number, budget: number): number {
  let bytes = 0;
  let index = start;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    const isPair =
      unit >= 0xd800 &&
      unit <= 0xdbff &&
      index + 1 < text.length &&
      text.charCodeAt(index + 1) >= 0xdc00 &&
      text.charCodeAt(index + 1) <= 0xdfff;
    const size = unit < 0x80 ? 1 : unit < 0x800 ? 2 : isPair ? 4 : 3;
    if (bytes + size > budget) break;
    bytes += size;
    index += isPair ? 2 : 1;
  }
  return index;
}
