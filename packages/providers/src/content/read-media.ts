import type { Content } from "@toolwright/tool-core";

/**
 * A block that carries media, as the dialect writers route it: by what it holds, not by its block
 * type. An `image` block is an image and an `audio` block is audio; a `file` or an embedded
 * `resource` blob is an image or audio by its MIME type, else a document.
 */
export interface MediaSource {
  readonly kind: "image" | "audio" | "document";
  /** The MIME type, when the block names one (always for `image`, `audio` and a file's `data`). */
  readonly mimeType: string | undefined;
  /** The bytes, base64-encoded; exactly one of `data` and `url` is set. */
  readonly data: string | undefined;
  readonly url: string | undefined;
  /** The file's name, or the last segment of an embedded resource's URI. */
  readonly filename: string | undefined;
}

/** The media a block carries, or `undefined` for text, links and embedded text. */
export function readMedia(block: Content): MediaSource | undefined {
  switch (block.type) {
    case "image":
    case "audio":
      return {
        kind: block.type,
        mimeType: block.mimeType,
        data: block.data,
        url: undefined,
        filename: undefined,
      };
    case "file":
      return {
        kind: kindOf(block.mimeType),
        mimeType: block.mimeType,
        data: block.data,
        url: block.url,
        filename: block.filename,
      };
    case "resource": {
      const { resource } = block;
      if (resource.blob === undefined) return undefined;
      return {
        kind: kindOf(resource.mimeType),
        mimeType: resource.mimeType,
        data: resource.blob,
        url: undefined,
        filename: lastSegment(resource.uri),
      };
    }
    default:
      return undefined;
  }
}

/** `data:<mimeType>;base64,<data>`, as the OpenAI APIs take inline bytes. */
export function toDataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}

function kindOf(mimeType: string | undefined): MediaSource["kind"] {
  if (mimeType?.startsWith("image/") === true) return "image";
  if (mimeType?.startsWith("audio/") === true) return "audio";
  return "document";
}

function lastSegment(uri: string): string | undefined {
  const path = uri.replace(/[?#].*$/s, "");
  const segment = path.slice(path.lastIndexOf("/") + 1);
  return segment === "" ? undefined : segment;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": ".pdf",
  "text/plain": ".txt",
  "text/markdown": ".md",
  "text/csv": ".csv",
  "text/html": ".html",
  "application/json": ".json",
};

/**
 * The name to send with a file's bytes (OpenAI needs one with inline file data): its own name,
 * else `tool-result-<blockIndex>` with the extension of its MIME type when it is a common document.
 */
export function nameMediaFile(media: MediaSource, blockIndex: number): string {
  if (media.filename !== undefined) return media.filename;
  const extension = media.mimeType === undefined ? undefined : EXTENSIONS[media.mimeType];
  return `tool-result-${blockIndex}${extension ?? ""}`;
}
