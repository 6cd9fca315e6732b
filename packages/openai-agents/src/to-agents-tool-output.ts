import type { ToolOutputFileContent, ToolOutputImage, ToolOutputText } from "@openai/agents-core";
import { type Content, describeContentPlaceholder } from "@toolwright/tool-core";

/** What a function tool returns to the Agents SDK: text, or text and media parts. */
export type AgentsToolOutput =
  | string
  | (ToolOutputText | ToolOutputImage | ToolOutputFileContent)[];

/** The name the placeholder text gives the Agents SDK. */
const CARRIER = "Agents SDK";

/**
 * A tool result's content as the Agents SDK's function tool output, which is what the model reads:
 * only text → one string (blocks joined with newlines); with media → text, image and file parts
 * (images by data; files by data with a name, or by URL; an embedded resource's bytes as an image or
 * a file by its MIME type). Audio, which function outputs do not carry, becomes the placeholder
 * text that names it; resource links and text resources become text, as every provider dialect
 * words them. A block whose `audience` leaves out `"assistant"` is not sent. An error result is its
 * text alone, media named.
 */
export function toAgentsToolOutput(
  content: readonly Content[],
  isError: boolean,
): AgentsToolOutput {
  const blocks = content.filter(isForTheModel);
  const parts = blocks.map((block) => (isError ? asText(block, toPart(block)) : toPart(block)));
  if (parts.every((part) => part.type === "text")) {
    return parts.map((part) => (part as ToolOutputText).text).join("\n");
  }
  return parts;
}

function isForTheModel(block: Content): boolean {
  const audience = block.annotations?.audience;
  return audience === undefined || audience.includes("assistant");
}

function asText(
  block: Content,
  part: ToolOutputText | ToolOutputImage | ToolOutputFileContent,
): ToolOutputText {
  return part.type === "text" ? part : text(describeContentPlaceholder(block, `${CARRIER} error`));
}

function toPart(block: Content): ToolOutputText | ToolOutputImage | ToolOutputFileContent {
  switch (block.type) {
    case "text":
      return text(block.text);
    case "image":
      return { type: "image", image: { data: block.data, mediaType: block.mimeType } };
    case "audio":
      return text(describeContentPlaceholder(block, CARRIER));
    case "file":
      if (block.url !== undefined) {
        return {
          type: "file",
          file: {
            url: block.url,
            ...(block.filename === undefined ? {} : { filename: block.filename }),
          },
        };
      }
      return {
        type: "file",
        file: { data: block.data, mediaType: block.mimeType, filename: block.filename ?? "file" },
      };
    case "resource_link": {
      let line = `[resource link] ${block.title ?? block.name}: ${block.uri}`;
      if (block.mimeType !== undefined) line += ` (${block.mimeType})`;
      if (block.description !== undefined) line += `\n${block.description}`;
      return text(line);
    }
    case "resource": {
      const { resource } = block;
      if (resource.text !== undefined) return text(`[resource ${resource.uri}]\n${resource.text}`);
      if (resource.mimeType === undefined) return text(describeContentPlaceholder(block, CARRIER));
      if (resource.mimeType.startsWith("image/")) {
        return { type: "image", image: { data: resource.blob, mediaType: resource.mimeType } };
      }
      return {
        type: "file",
        file: {
          data: resource.blob,
          mediaType: resource.mimeType,
          filename: fileNameOf(resource.uri),
        },
      };
    }
  }
}

function text(value: string): ToolOutputText {
  return { type: "text", text: value };
}

/** The last segment of a resource's URI, as the file name a file part needs. */
function fileNameOf(uri: string): string {
  const segment = uri
    .split(/[/\\]/)
    .filter((part) => part !== "")
    .at(-1);
  return segment === undefined || segment.includes(":") ? "resource" : segment;
}
