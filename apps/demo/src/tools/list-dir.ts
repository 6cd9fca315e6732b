import { readdir } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { resolveInside, WorkspaceSeam } from "./workspace";

/** Lists a folder inside the sandbox: one entry a line, folders with a trailing `/`, sorted. */
export const listDirTool = defineTool({
  name: "list_dir",
  label: "List folder",
  description: "List the entries of a folder inside the sandbox (default: the sandbox root).",
  parameters: Type.Object(
    { path: Type.Optional(Type.String({ description: "Folder path; omit for the root." })) },
    { additionalProperties: false },
  ),
  seams: [WorkspaceSeam],
  async execute(params, context) {
    const target = resolveInside(context.use(WorkspaceSeam), params.path ?? ".");
    const entries = await readdir(target, { withFileTypes: true });
    const names = entries
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort((left, right) => left.localeCompare(right));
    const text = names.length === 0 ? "(empty folder)" : names.join("\n");
    return {
      content: [{ type: "text", text }],
      details: { path: params.path ?? ".", count: names.length },
    };
  },
});
