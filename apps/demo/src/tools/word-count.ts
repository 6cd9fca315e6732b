import { readFile } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { resolveInside, WorkspaceSeam } from "./workspace";

/** Counts lines, words and characters of a file — the tool the demo adds mid-session. */
export const wordCountTool = defineTool({
  name: "word_count",
  label: "Word count",
  description: "Count the lines, words and characters of a text file inside the sandbox.",
  parameters: Type.Object(
    { path: Type.String({ minLength: 1, description: "File path, e.g. report.md" }) },
    { additionalProperties: false },
  ),
  seams: [WorkspaceSeam],
  async execute(params, context) {
    const text = await readFile(resolveInside(context.use(WorkspaceSeam), params.path), "utf8");
    const lines = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    const words = text.split(/\s+/).filter((word) => word !== "").length;
    const characters = [...text].length;
    return {
      content: [
        {
          type: "text",
          text: `${params.path}: ${lines} lines, ${words} words, ${characters} characters`,
        },
      ],
      details: { lines, words, characters },
    };
  },
});
