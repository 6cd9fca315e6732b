/**
 * Reading one block of tool content that user code, a server or a file produced: each field is
 * read once, checked, and copied into a new plain object, so a later reader (truncation, a
 * journal, a provider mapping) sees exactly what was checked. Unknown fields are left out. Base64
 * is never decoded here: a block's bytes are checked for being a string, not for their alphabet.
 */
import type {
  AudioContent,
  Content,
  ContentAnnotations,
  ContentType,
  FileContent,
  ImageContent,
  ResourceContent,
  ResourceLinkContent,
  TextContent,
} from "./content";

/** Every block type of `Content`, in the order they are documented. */
export const CONTENT_TYPES: readonly ContentType[] = Object.freeze([
  "text",
  "image",
  "audio",
  "file",
  "resource_link",
  "resource",
]);

/** A block {@link readContentBlock} refused: its `type` when it had a known one, and why. */
export interface InvalidContentBlock {
  /** The block's `type` when it is one of {@link CONTENT_TYPES}, else `undefined`. */
  readonly type: ContentType | undefined;
  /** What is wrong, naming the field: `data must be a string`. */
  readonly reason: string;
}

type Fields = Readonly<Record<string, unknown>>;
type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/**
 * A checked copy of one content block, or why it is not one. Never throws for a plain value; a
 * getter that throws propagates (callers reading user code wrap it).
 */
export function readContentBlock(value: unknown): Content | InvalidContentBlock {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { type: undefined, reason: `must be an object, got ${describeKind(value)}` };
  }
  const fields = value as Fields;
  const type = fields.type;
  switch (type) {
    case "text":
      return readText(fields);
    case "image":
    case "audio":
      return readMedia(fields, type);
    case "file":
      return readFile(fields);
    case "resource_link":
      return readResourceLink(fields);
    case "resource":
      return readResource(fields);
    default:
      return {
        type: undefined,
        reason: `type must be one of ${CONTENT_TYPES.map((name) => `"${name}"`).join(", ")}`,
      };
  }
}

/** True when `value` is what {@link readContentBlock} returns for a refused block. */
export function isInvalidContentBlock(
  value: Content | InvalidContentBlock,
): value is InvalidContentBlock {
  return "reason" in value;
}

/**
 * The text that stands in for a refused block at position `index` of a result, so one bad block
 * fails only itself: `[invalid audio block 2: data must be a string]`.
 */
export function describeInvalidContentBlock(invalid: InvalidContentBlock, index: number): string {
  const kind = invalid.type === undefined ? "block" : `${invalid.type} block`;
  return `[invalid ${kind} ${index}: ${invalid.reason}]`;
}

/** True when `value` names a block type of `Content`. */
export function isContentType(value: unknown): value is ContentType {
  return typeof value === "string" && (CONTENT_TYPES as readonly string[]).includes(value);
}

function readText(fields: Fields): TextContent | InvalidContentBlock {
  const text = fields.text;
  if (typeof text !== "string") return invalid("text", "text must be a string");
  return withAnnotations<TextContent>({ type: "text", text }, fields, "text");
}

function readMedia(
  fields: Fields,
  type: "image" | "audio",
): ImageContent | AudioContent | InvalidContentBlock {
  const data = fields.data;
  if (typeof data !== "string") return invalid(type, "data must be a string");
  const mimeType = fields.mimeType;
  if (typeof mimeType !== "string") return invalid(type, "mimeType must be a string");
  return withAnnotations<ImageContent | AudioContent>({ type, data, mimeType }, fields, type);
}

function readFile(fields: Fields): FileContent | InvalidContentBlock {
  const { data, url, mimeType, filename } = fields;
  if ((data === undefined) === (url === undefined)) {
    return invalid("file", "a file must have exactly one of data and url");
  }
  if (filename !== undefined && typeof filename !== "string") {
    return invalid("file", "filename must be a string");
  }
  if (data !== undefined) {
    if (typeof data !== "string") return invalid("file", "data must be a string");
    if (typeof mimeType !== "string") return invalid("file", "mimeType must be a string");
    const block: Mutable<FileContent> = { type: "file", mimeType, data };
    if (filename !== undefined) block.filename = filename;
    return withAnnotations<FileContent>(block, fields, "file");
  }
  if (typeof url !== "string") return invalid("file", "url must be a string");
  if (mimeType !== undefined && typeof mimeType !== "string") {
    return invalid("file", "mimeType must be a string");
  }
  const block: Mutable<FileContent> = { type: "file", url };
  if (mimeType !== undefined) block.mimeType = mimeType;
  if (filename !== undefined) block.filename = filename;
  return withAnnotations<FileContent>(block, fields, "file");
}

function readResourceLink(fields: Fields): ResourceLinkContent | InvalidContentBlock {
  const { uri, name, title, description, mimeType, size } = fields;
  if (typeof uri !== "string") return invalid("resource_link", "uri must be a string");
  if (typeof name !== "string") return invalid("resource_link", "name must be a string");
  const block: Mutable<ResourceLinkContent> = { type: "resource_link", uri, name };
  for (const [key, field] of [
    ["title", title],
    ["description", description],
    ["mimeType", mimeType],
  ] as const) {
    if (field === undefined) continue;
    if (typeof field !== "string") return invalid("resource_link", `${key} must be a string`);
    block[key] = field;
  }
  if (size !== undefined) {
    if (typeof size !== "number" || !Number.isFinite(size) || size < 0) {
      return invalid("resource_link", "size must be a number >= 0");
    }
    block.size = size;
  }
  return withAnnotations<ResourceLinkContent>(block, fields, "resource_link");
}

function readResource(fields: Fields): ResourceContent | InvalidContentBlock {
  const resource = fields.resource;
  if (typeof resource !== "object" || resource === null || Array.isArray(resource)) {
    return invalid("resource", `resource must be an object, got ${describeKind(resource)}`);
  }
  const { uri, mimeType, text, blob } = resource as Fields;
  if (typeof uri !== "string") return invalid("resource", "resource.uri must be a string");
  if (mimeType !== undefined && typeof mimeType !== "string") {
    return invalid("resource", "resource.mimeType must be a string");
  }
  if ((text === undefined) === (blob === undefined)) {
    return invalid("resource", "resource must have exactly one of text and blob");
  }
  const body = text ?? blob;
  if (typeof body !== "string") {
    return invalid("resource", `resource.${text === undefined ? "blob" : "text"} must be a string`);
  }
  const contents =
    text === undefined
      ? mimeType === undefined
        ? { uri, blob: body }
        : { uri, mimeType, blob: body }
      : mimeType === undefined
        ? { uri, text: body }
        : { uri, mimeType, text: body };
  return withAnnotations<ResourceContent>(
    { type: "resource", resource: contents },
    fields,
    "resource",
  );
}

/** `block` with a checked copy of `fields.annotations`, or why they cannot be used. */
function withAnnotations<T extends Content>(
  block: T,
  fields: Fields,
  type: ContentType,
): T | InvalidContentBlock {
  const annotations = fields.annotations;
  if (annotations === undefined) return block;
  const copy = readAnnotations(annotations);
  if (typeof copy === "string") return invalid(type, copy);
  return { ...block, annotations: copy };
}

function readAnnotations(value: unknown): ContentAnnotations | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `annotations must be an object, got ${describeKind(value)}`;
  }
  const { audience, priority, lastModified } = value as Fields;
  const copy: Mutable<ContentAnnotations> = {};
  if (audience !== undefined) {
    if (
      !Array.isArray(audience) ||
      !audience.every((role) => role === "user" || role === "assistant")
    ) {
      return 'annotations.audience must be an array of "user" and "assistant"';
    }
    copy.audience = [...audience] as ("user" | "assistant")[];
  }
  if (priority !== undefined) {
    if (typeof priority !== "number" || !(priority >= 0 && priority <= 1)) {
      return "annotations.priority must be a number from 0 to 1";
    }
    copy.priority = priority;
  }
  if (lastModified !== undefined) {
    if (typeof lastModified !== "string") return "annotations.lastModified must be a string";
    copy.lastModified = lastModified;
  }
  return copy;
}

function invalid(type: ContentType, reason: string): InvalidContentBlock {
  return { type, reason };
}

function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
