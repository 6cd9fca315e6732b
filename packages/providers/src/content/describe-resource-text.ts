import type { ResourceLinkContent, TextResourceContents } from "@toolwright/tool-core";

/**
 * A resource link as text for a model: `[resource link] Notes: file:///notes.md (text/markdown)`,
 * then the description on a line of its own when the link has one.
 */
export function describeResourceLink(block: ResourceLinkContent): string {
  const type = block.mimeType === undefined ? "" : ` (${block.mimeType})`;
  const head = `[resource link] ${block.title ?? block.name}: ${block.uri}${type}`;
  return block.description === undefined ? head : `${head}\n${block.description}`;
}

/** An embedded text resource as text for a model: `[resource file:///a.txt]` and its text. */
export function describeTextResource(resource: TextResourceContents): string {
  return `[resource ${resource.uri}]\n${resource.text}`;
}
