import {
  type Content,
  describeInvalidContentBlock,
  isInvalidContentBlock,
  readContentBlock,
} from "@toolwright/tool-core";

/**
 * The content of a tool output as the model should read it. The output may come back from a
 * client — `convertToModelMessages` reads it from UI messages — so it is checked, never trusted:
 * each block is read with tool-core's block reader (a bad one becomes
 * `[invalid <type> block <i>: <reason>]`), and an output without a `content` array becomes its JSON
 * as one text block.
 */
export function readOutputContent(output: unknown): readonly Content[] {
  const content =
    typeof output === "object" && output !== null
      ? (output as { content?: unknown }).content
      : undefined;
  if (!Array.isArray(content)) {
    return [{ type: "text", text: JSON.stringify(output) ?? String(output) }];
  }
  return content.map((value: unknown, index) => {
    let block: ReturnType<typeof readContentBlock>;
    try {
      block = readContentBlock(value);
    } catch {
      block = { type: undefined, reason: "could not be read" };
    }
    return isInvalidContentBlock(block)
      ? { type: "text" as const, text: describeInvalidContentBlock(block, index) }
      : block;
  });
}
