/** Text for the model. */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

/** An image for the model, base64-encoded. */
export interface ImageContent {
  readonly type: "image";
  /** The image bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** The image's MIME type, e.g. `image/png`. */
  readonly mimeType: string;
}

/** One part of what a tool shows the model. */
export type ToolContent = TextContent | ImageContent;
