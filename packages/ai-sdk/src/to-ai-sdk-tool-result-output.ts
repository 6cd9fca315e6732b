import { type Content, describeContentPlaceholder } from "@toolwright/tool-core";
import type { ToolResultPart } from "ai";

/** The AI SDK's tool output (what `toModelOutput` returns; not exported by name from `ai`). */
export type ToolResultOutput = ToolResultPart["output"];

/** One part of the AI SDK's `content` tool output. */
type ContentOutputPart = Extract<ToolResultOutput, { type: "content" }>["value"][number];

/** The name the placeholder text gives the AI SDK: `…not sent: AI SDK tool results do not carry …`. */
const CARRIER = "AI SDK";
const ERROR_CARRIER = "AI SDK error";

/**
 * A tool result's content as the AI SDK's tool output, which is what the model reads: only text →
 * one `text` output (blocks joined with newlines); text with media → a `content` output with
 * `file` parts (images, audio and files by data or URL, an embedded resource's bytes by its MIME
 * type); an error result → an `error-text` output with the same text. A resource link and an
 * embedded resource's text become text (`[resource link] <title>: <uri>`, `[resource <uri>]`
 * followed by its text), as every provider dialect words them; an embedded resource whose bytes
 * have no MIME type becomes the placeholder text that names it, never its bytes. A block whose
 * `audience` leaves out `"assistant"` is not sent.
 */
export function toAiSdkToolResultOutput(
  content: readonly Content[],
  isError: boolean,
): ToolResultOutput {
  const blocks = content.filter(isForTheModel);
  if (isError) {
    // The AI SDK's error outputs are text: media in an error result is named, never sent.
    return { type: "error-text", value: blocks.map(toErrorText).join("\n") };
  }
  const parts = blocks.map(toOutputPart);
  if (parts.every((part) => part.type === "text")) {
    return { type: "text", value: parts.map((part) => (part as { text: string }).text).join("\n") };
  }
  return { type: "content", value: parts };
}

function isForTheModel(block: Content): boolean {
  const audience = block.annotations?.audience;
  return audience === undefined || audience.includes("assistant");
}

function toOutputPart(block: Content): ContentOutputPart {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
    case "audio":
      return { type: "file", mediaType: block.mimeType, data: { type: "data", data: block.data } };
    case "file":
      if (block.url !== undefined) {
        const url = parseUrl(block.url);
        if (url === undefined)
          return { type: "text", text: describeContentPlaceholder(block, CARRIER) };
        return {
          type: "file",
          mediaType: block.mimeType ?? "application/octet-stream",
          data: { type: "url", url },
          ...(block.filename === undefined ? {} : { filename: block.filename }),
        };
      }
      return {
        type: "file",
        mediaType: block.mimeType,
        data: { type: "data", data: block.data },
        ...(block.filename === undefined ? {} : { filename: block.filename }),
      };
    case "resource_link":
      return { type: "text", text: describeResourceLink(block) };
    case "resource": {
      const { resource } = block;
      if (resource.text !== undefined) {
        return { type: "text", text: `[resource ${resource.uri}]\n${resource.text}` };
      }
      if (resource.mimeType === undefined) {
        return { type: "text", text: describeContentPlaceholder(block, CARRIER) };
      }
      return {
        type: "file",
        mediaType: resource.mimeType,
        data: { type: "data", data: resource.blob },
      };
    }
  }
}

function describeResourceLink(block: Extract<Content, { type: "resource_link" }>): string {
  let line = `[resource link] ${block.title ?? block.name}: ${block.uri}`;
  if (block.mimeType !== undefined) line += ` (${block.mimeType})`;
  if (block.description !== undefined) line += `\n${block.description}`;
  return line;
}

function toErrorText(block: Content): string {
  const part = toOutputPart(block);
  return part.type === "text" ? part.text : describeContentPlaceholder(block, ERROR_CARRIER);
}

/** `new URL` throws on text that is not a URL; such a file is named instead of sent. */
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
