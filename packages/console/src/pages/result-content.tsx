import type { ConsolePaths } from "../console-paths";
import { base64Size, cutText, formatBytes, formatJson } from "../format-value";
import { isRasterImageType } from "../routes/is-raster-image-type";

/**
 * A result's `content` as a reviewer reads it: text as text; an image as its type and size, with a
 * thumbnail when it is a raster image (PNG, JPEG, GIF, WebP) and a download link otherwise; any
 * other part as its type and size. Everything is escaped text: nothing in a result is markup.
 */
export function ResultContent(props: {
  readonly content: readonly unknown[];
  readonly paths: ConsolePaths;
  readonly batchId: string;
  readonly callId: string;
}) {
  const { paths, batchId, callId } = props;
  return (
    <div class="content">
      {props.content.map((part, index) => {
        const block = (typeof part === "object" && part !== null ? part : {}) as Record<
          string,
          unknown
        >;
        if (block.type === "text" && typeof block.text === "string")
          return <pre class="text">{cutText(block.text)}</pre>;
        if (block.type === "image" && typeof block.data === "string") {
          const type = typeof block.mimeType === "string" ? block.mimeType : "unknown type";
          const summary = `${type}, ${formatBytes(base64Size(block.data))}`;
          const url = paths.media(batchId, callId, index);
          return (
            <p class="media">
              {isRasterImageType(type) ? (
                <a href={url}>
                  <img class="thumbnail" src={url} alt={`Result part ${index + 1}: ${summary}`} />
                </a>
              ) : null}
              <span>{`Image ${index + 1}: ${summary} `}</span>
              {isRasterImageType(type) ? null : <a href={url}>download</a>}
            </p>
          );
        }
        const text = formatJson(part);
        return (
          <p class="media">{`Part ${index + 1}: ${String(block.type ?? typeof part)}, ${formatBytes(text.length)}`}</p>
        );
      })}
    </div>
  );
}
