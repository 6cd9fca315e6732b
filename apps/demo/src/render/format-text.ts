import type { ToolContent } from "@toolwright/tool-core";

/** The text parts of a tool's content, joined; other blocks as a short placeholder. */
export function contentText(content: readonly ToolContent[]): string {
  return content.map(partText).join("\n");
}

/** A text block's text; any other block as `[image/png image]`, `[resource_link file:///a]`, … */
export function partText(part: ToolContent): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "resource_link":
      return `[resource_link ${part.uri}]`;
    case "resource":
      return `[${part.resource.mimeType ?? "resource"} resource ${part.resource.uri}]`;
    default:
      return `[${part.mimeType ?? "unknown type"} ${part.type}]`;
  }
}

/** `text` on one line, cut to `width` characters with an ellipsis. */
export function preview(text: string, width: number): string {
  const flat = text.replace(/\s*\n\s*/g, " ⏎ ").trim();
  const characters = [...flat];
  return characters.length <= width ? flat : `${characters.slice(0, width - 1).join("")}…`;
}

/** A JSON value on one line, for argument and coercion displays; never throws. */
export function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `text` with every line indented by `prefix`. */
export function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
}
