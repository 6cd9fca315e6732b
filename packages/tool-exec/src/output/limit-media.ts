/**
 * The media limit beside output truncation: a block that carries bytes by value (an image, audio,
 * a file's `data`, an embedded resource's `blob` or `text`) larger than `maxMediaBytes` reaches the
 * model as a short text saying so. Sizes come from tool-core's `getContentByteLength` (base64 is
 * measured, never decoded), so the check costs one pass over the blocks.
 */
import { type Content, getContentByteLength } from "@toolwright/tool-core";

/** The default `maxMediaBytes`: 20 MiB of decoded bytes per block. */
export const DEFAULT_MAX_MEDIA_BYTES = 20 * 1024 * 1024;

/**
 * `maxMediaBytes` as a number (`Infinity`: no limit; absent: the default). Throws a `RangeError`
 * for anything but a number ≥ 0.
 */
export function normalizeMaxMediaBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_MEDIA_BYTES;
  if (typeof value !== "number" || !(value >= 0)) {
    throw new RangeError(`maxMediaBytes must be a number >= 0, got ${String(value)}`);
  }
  return value;
}

/**
 * `content` itself when no block is over `maxMediaBytes` (no copy), else a copy in which each
 * such block is the text `[audio audio/wav, 30000000 bytes, over the 20971520-byte limit]`,
 * keeping the block's annotations (a block meant only for the user stays so).
 */
export function limitMedia(content: readonly Content[], maxMediaBytes: number): readonly Content[] {
  let limited: Content[] | undefined;
  for (let index = 0; index < content.length; index++) {
    const block = content[index] as Content;
    const bytes = getContentByteLength(block);
    if (bytes === undefined || bytes <= maxMediaBytes) continue;
    limited ??= content.slice();
    const text = overLimitText(block, bytes, maxMediaBytes);
    limited[index] =
      block.annotations === undefined
        ? { type: "text", text }
        : { type: "text", text, annotations: block.annotations };
  }
  return limited ?? content;
}

function overLimitText(block: Content, bytes: number, limit: number): string {
  const mimeType =
    block.type === "resource"
      ? block.resource.mimeType
      : block.type === "text"
        ? undefined
        : block.mimeType;
  const head = mimeType === undefined ? block.type : `${block.type} ${mimeType}`;
  return `[${head}, ${bytes} bytes, over the ${limit}-byte limit]`;
}
