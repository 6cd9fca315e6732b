import { loadSuspendedToolBatch, ToolBatchError } from "@toolwright/tool-exec";
import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";

/**
 * `GET <basePath>/batches/<batchId>/state.json`: the batch's `SuspendedBatch`, rebuilt from the
 * journal and signed with `stateSecret`, as a download. 404 without `stateSecret`; 409 with the
 * reason when the batch cannot be loaded as suspended (a call started and never settled needs
 * recovery first).
 */
export async function answerState(c: Context<ConsoleEnv>, console: ConsoleContext) {
  const { journal, stateSecret } = console.options;
  if (stateSecret === undefined) return c.text("This console has no stateSecret.", 404);
  const batchId = c.req.param("batchId") ?? "";
  try {
    const state = await loadSuspendedToolBatch(journal, batchId, { stateSecret });
    return c.body(`${JSON.stringify(state, null, 2)}\n`, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="suspended-batch.json"`,
    });
  } catch (error) {
    if (!ToolBatchError.isInstance(error)) throw error;
    return c.text(`The batch cannot be loaded as suspended: ${error.message}`, 409);
  }
}
