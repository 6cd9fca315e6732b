import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { withFileMutationQueue } from "@toolwright/tool-exec/node";
import { resolveInside, WorkspaceSeam } from "./workspace";

/**
 * Writes or appends to a file inside the sandbox. It is `sequential` — a batch that calls it runs
 * one call at a time — and its read-modify-write window runs behind `withFileMutationQueue`, so
 * even writers outside this batch (another agent, a nested call) cannot interleave on one file.
 */
export const writeFileTool = defineTool({
  name: "write_file",
  label: "Write file",
  description:
    "Write a UTF-8 text file inside the sandbox (creating folders), or append to it with append: true.",
  parameters: Type.Object(
    {
      path: Type.String({ minLength: 1, description: "File path, e.g. report.md" }),
      content: Type.String({ description: "The text to write." }),
      append: Type.Optional(Type.Boolean({ description: "Append instead of replacing." })),
    },
    { additionalProperties: false },
  ),
  executionMode: "sequential",
  seams: [WorkspaceSeam],
  async execute(params, context) {
    const target = resolveInside(context.use(WorkspaceSeam), params.path);
    const bytes = await withFileMutationQueue(target, async () => {
      const before = params.append === true ? await readExisting(target) : "";
      const after = `${before}${params.content}`;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, after, { encoding: "utf8", signal: context.signal });
      return Buffer.byteLength(after);
    });
    const verb = params.append === true ? "Appended to" : "Wrote";
    return {
      content: [{ type: "text", text: `${verb} ${params.path} (${bytes} bytes)` }],
      details: { path: params.path, bytes },
    };
  },
});

async function readExisting(target: string): Promise<string> {
  try {
    return await readFile(target, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}
