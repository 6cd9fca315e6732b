import type { Content } from "@toolwright/tool-core";
import { describeResourceLink, describeTextResource } from "./describe-resource-text";

/**
 * The text a block is for a model, when it is text at all: a text block's text, a resource link
 * described (`[resource link] …`), an embedded text resource with its URI. `undefined` for blocks
 * that carry media (see `readMedia`).
 */
export function readBlockText(block: Content): string | undefined {
  switch (block.type) {
    case "text":
      return block.text;
    case "resource_link":
      return describeResourceLink(block);
    case "resource":
      return block.resource.text === undefined ? undefined : describeTextResource(block.resource);
    default:
      return undefined;
  }
}
