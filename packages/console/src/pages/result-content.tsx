import { type Content, getContentByteLength } from "@toolwright/tool-core";
import type { ConsolePaths } from "../console-paths";
import { cutText, formatBytes } from "../format-value";
import { isRasterImageType } from "../routes/is-raster-image-type";
import { decodedByteLength, readMediaPart, readResultPart } from "../routes/read-media-part";

/** `image image/png, 1.2 KB`: a part's kind, declared type and size, never its bytes. */
function describePart(block: Content): string {
  const mimeType =
    block.type === "resource"
      ? block.resource.mimeType
      : block.type === "text"
        ? undefined
        : block.mimeType;
  // Bytes carried by value are counted exactly (tool-core's count is an estimate that includes
  // base64 padding); an embedded text resource by its UTF-8 length.
  const media = readMediaPart(block);
  const size = media === undefined ? getContentByteLength(block) : decodedByteLength(media.data);
  return [block.type, mimeType, size === undefined ? undefined : formatBytes(size)]
    .filter((part) => part !== undefined && part !== "")
    .join(", ");
}

/**
 * One part of a result as a reviewer reads it. Text is text; media (images, sounds, files,
 * embedded blobs) shows as its kind, type and size, with a thumbnail for a raster image and a
 * download link otherwise; a file by URL, a resource link or a resource's URI is shown as text,
 * never as a link to follow. Everything is escaped text: nothing in a result is markup.
 */
function ResultPart(props: {
  readonly part: unknown;
  readonly index: number;
  readonly url: string;
}) {
  const { index, url } = props;
  const block = readResultPart(props.part);
  if (block === undefined)
    return <p class="media">{`Part ${index + 1}: not a valid content block`}</p>;
  if (block.type === "text") return <pre class="text">{cutText(block.text)}</pre>;
  const summary = `Part ${index + 1}: ${describePart(block)}`;
  if (block.type === "image" && isRasterImageType(block.mimeType))
    return (
      <p class="media">
        <a href={url}>
          <img class="thumbnail" src={url} alt={summary} />
        </a>
        <span>{summary}</span>
      </p>
    );
  if (readMediaPart(block) !== undefined) {
    const name =
      block.type === "file" && block.filename !== undefined ? ` (${block.filename})` : "";
    return (
      <p class="media">
        <span>{`${summary}${name} `}</span>
        <a href={url}>download</a>
      </p>
    );
  }
  if (block.type === "resource")
    return (
      <div class="media">
        <p>{`${summary}: ${block.resource.uri}`}</p>
        {block.resource.text === undefined ? null : (
          <pre class="text">{cutText(block.resource.text)}</pre>
        )}
      </div>
    );
  const where =
    block.type === "resource_link"
      ? `${block.title ?? block.name}: ${block.uri}`
      : block.type === "file"
        ? `${block.filename ?? "file"} at ${block.url ?? ""}`
        : "";
  return <p class="media">{`${summary}${where === "" ? "" : ` — ${where}`}`}</p>;
}

/** A result's `content`, part by part (see {@link ResultPart}). */
export function ResultContent(props: {
  readonly content: readonly unknown[];
  readonly paths: ConsolePaths;
  readonly batchId: string;
  readonly callId: string;
}) {
  return (
    <div class="content">
      {props.content.map((part, index) => (
        <ResultPart
          part={part}
          index={index}
          url={props.paths.media(props.batchId, props.callId, index)}
        />
      ))}
    </div>
  );
}
