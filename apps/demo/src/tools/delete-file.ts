import { stat, unlink } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { withFileMutationQueue } from "@toolwright/tool-exec/node";
import { resolveInside, WorkspaceSeam } from "./workspace";

/**
 * Deletes a file inside the sandbox — the demo's destructive tool. Every call needs a human
 * decision (`needsApproval`, SPEC §10): the batch runs its other calls, then suspends with this one
 * awaiting approval. The reason names the file; it is shown to the reviewer, never to the model.
 * The unlink runs behind `withFileMutationQueue`, like `write_file`'s writes.
 */
export const deleteFileTool = defineTool({
  name: "delete_file",
  label: "Delete file",
  description: "Delete a file inside the sandbox. A person must approve each deletion.",
  parameters: Type.Object(
    { path: Type.String({ minLength: 1, description: "File path, e.g. data/old.csv" }) },
    { additionalProperties: false },
  ),
  seams: [WorkspaceSeam],
  needsApproval: (params) => ({
    reason: `deletes ${params.path} for good`,
    details: { path: params.path },
  }),
  async execute(params, context) {
    const target = resolveInside(context.use(WorkspaceSeam), params.path);
    const bytes = await withFileMutationQueue(target, async () => {
      const { size } = await stat(target);
      await unlink(target);
      return size;
    });
    return {
      content: [{ type: "text", text: `Deleted ${params.path} (${bytes} bytes)` }],
      details: { path: params.path, bytes },
    };
  },
});
