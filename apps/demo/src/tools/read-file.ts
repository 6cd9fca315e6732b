import { readFile } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { resolveInside, WorkspaceSeam } from "./workspace";

/** What `read_file` reports besides the text: for the UI, never sent to the model. */
export interface ReadFileDetails {
  readonly path: string;
  readonly totalLines: number;
  readonly shownLines: number;
}

/** Reads a text file inside the sandbox, optionally only its first lines. */
export const readFileTool = defineTool({
  name: "read_file",
  label: "Read file",
  description: "Read a UTF-8 text file inside the sandbox. Paths are relative to the sandbox root.",
  parameters: Type.Object(
    {
      path: Type.String({ minLength: 1, description: "File path, e.g. notes.txt" }),
      maxLines: Type.Optional(
        Type.Integer({ minimum: 1, description: "Read at most this many lines." }),
      ),
    },
    { additionalProperties: false },
  ),
  seams: [WorkspaceSeam],
  async execute(params, context) {
    const target = resolveInside(context.use(WorkspaceSeam), params.path);
    const text = await readFile(target, { encoding: "utf8", signal: context.signal });
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    const shown = params.maxLines === undefined ? lines : lines.slice(0, params.maxLines);
    const details: ReadFileDetails = {
      path: params.path,
      totalLines: lines.length,
      shownLines: shown.length,
    };
    const more = shown.length < lines.length ? `\n[${lines.length - shown.length} more lines]` : "";
    return { content: [{ type: "text", text: `${shown.join("\n")}${more}` }], details };
  },
});
