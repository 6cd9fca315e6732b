/**
 * What a tool result carries: text and media for the model, and references to resources. The
 * blocks and their fields follow MCP's tool-result content, so a block from an MCP server maps one
 * to one; a `file` block adds what provider APIs take for documents (a PDF by data or by URL).
 * Every block is plain JSON: it goes into transcripts, journals and suspended batches unchanged.
 */

/**
 * Hints about a block, with MCP's meaning. `audience` without `"assistant"` keeps a block away
 * from the model (it stays in the transcript and the UI).
 */
export interface ContentAnnotations {
  /** Who the block is meant for. */
  readonly audience?: readonly ("user" | "assistant")[] | undefined;
  /** How important the block is, from 0 (least) to 1 (most). */
  readonly priority?: number | undefined;
  /** When the content was last changed, as an ISO 8601 date-time. */
  readonly lastModified?: string | undefined;
}

/** Text for the model. */
export interface TextContent {
  /** Always `"text"`. */
  readonly type: "text";
  /** The text. */
  readonly text: string;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** An image, base64-encoded. */
export interface ImageContent {
  /** Always `"image"`. */
  readonly type: "image";
  /** The image bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** The image's MIME type, e.g. `image/png`. */
  readonly mimeType: string;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** A sound, base64-encoded. */
export interface AudioContent {
  /** Always `"audio"`. */
  readonly type: "audio";
  /** The audio bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** The audio's MIME type, e.g. `audio/wav`. */
  readonly mimeType: string;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** A document carried by value: its bytes, base64-encoded. */
export interface FileDataContent {
  /** Always `"file"`. */
  readonly type: "file";
  /** The file's MIME type, e.g. `application/pdf`. */
  readonly mimeType: string;
  /** A name to show or to give a provider, e.g. `report.pdf`. */
  readonly filename?: string | undefined;
  /** The file bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** Never set on a file carried by value. */
  readonly url?: undefined;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** A document carried by reference: a URL the provider fetches. */
export interface FileUrlContent {
  /** Always `"file"`. */
  readonly type: "file";
  /** The file's MIME type when known. */
  readonly mimeType?: string | undefined;
  /** A name to show or to give a provider. */
  readonly filename?: string | undefined;
  /** Where the file is, e.g. `https://example.com/report.pdf`. */
  readonly url: string;
  /** Never set on a file carried by reference. */
  readonly data?: undefined;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** A document, with exactly one of `data` and `url`. */
export type FileContent = FileDataContent | FileUrlContent;

/** A pointer to a resource the client can read (MCP's `resource_link`). */
export interface ResourceLinkContent {
  /** Always `"resource_link"`. */
  readonly type: "resource_link";
  /** The resource's URI, e.g. `file:///project/notes.md`. */
  readonly uri: string;
  /** A short programmatic name. */
  readonly name: string;
  /** A human-readable name. */
  readonly title?: string | undefined;
  /** What the resource is, for the model or a person. */
  readonly description?: string | undefined;
  /** The resource's MIME type, when known. */
  readonly mimeType?: string | undefined;
  /** The resource's size in bytes, when known. */
  readonly size?: number | undefined;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/** The text of an embedded resource. */
export interface TextResourceContents {
  /** The resource's URI. */
  readonly uri: string;
  /** The text's MIME type, when known. */
  readonly mimeType?: string | undefined;
  /** The resource's text. */
  readonly text: string;
  /** Never set on a text resource. */
  readonly blob?: undefined;
}

/** The bytes of an embedded resource, base64-encoded. */
export interface BlobResourceContents {
  /** The resource's URI. */
  readonly uri: string;
  /** The bytes' MIME type, when known. */
  readonly mimeType?: string | undefined;
  /** The bytes, base64-encoded. */
  readonly blob: string;
  /** Never set on a binary resource. */
  readonly text?: undefined;
}

/** A resource embedded in the result (MCP's `resource`): its text or its bytes. */
export interface ResourceContent {
  /** Always `"resource"`. */
  readonly type: "resource";
  /** The resource's URI with its text or its bytes. */
  readonly resource: TextResourceContents | BlobResourceContents;
  /** Who the block is for and how important it is. */
  readonly annotations?: ContentAnnotations | undefined;
}

/**
 * One block of what a tool shows: switch on `type`. Blocks a provider cannot carry reach its model
 * as a short placeholder text, never as bytes.
 */
export type Content =
  | TextContent
  | ImageContent
  | AudioContent
  | FileContent
  | ResourceLinkContent
  | ResourceContent;

/** The block types of {@link Content}, in the order they are documented. */
export type ContentType = Content["type"];

/** One block of a tool result. The same as {@link Content}. */
export type ToolContent = Content;
