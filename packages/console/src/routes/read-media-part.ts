import { type Content, isInvalidContentBlock, readContentBlock } from "@toolwright/tool-core";

/** A part of a result that carries bytes by value, as the media route serves it. */
export interface MediaPart {
  /** The base64 bytes. */
  readonly data: string;
  /** The declared type ("" when none). */
  readonly mimeType: string;
  /** A name for the download, when the part has one (a file's `filename`). */
  readonly filename: string | undefined;
}

/** The bytes a content block carries by value (image, audio, file data, resource blob), if any. */
export function readMediaPart(block: Content): MediaPart | undefined {
  switch (block.type) {
    case "image":
    case "audio":
      return { data: block.data, mimeType: block.mimeType, filename: undefined };
    case "file":
      return block.data === undefined
        ? undefined
        : { data: block.data, mimeType: block.mimeType, filename: block.filename };
    case "resource":
      return block.resource.blob === undefined
        ? undefined
        : {
            data: block.resource.blob,
            mimeType: block.resource.mimeType ?? "",
            filename: undefined,
          };
    default:
      return undefined;
  }
}

/** A result part read as a content block, or `undefined` when it is not a valid one. */
export function readResultPart(part: unknown): Content | undefined {
  const block = readContentBlock(part);
  return isInvalidContentBlock(block) ? undefined : block;
}

/** The exact number of bytes base64 `data` decodes to (its `=` padding counted out). */
export function decodedByteLength(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
