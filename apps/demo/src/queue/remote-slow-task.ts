import { defineTool } from "@toolwright/tool-core";
import { slowTaskTool } from "../tools";

/** Where a call ran, added to `details` by the worker's tools (for the demo's display, never the model). */
export interface RanOn {
  readonly worker: string;
  readonly pid: number;
}

/**
 * The worker's `slow_task`: the demo's own tool, run on the worker, with `details.ranOn` saying
 * which worker process ran it. Same name and parameters as the coordinator's, as BullMQ workers
 * need.
 */
export function createRemoteSlowTask(worker: string) {
  return defineTool({
    name: slowTaskTool.name,
    description: slowTaskTool.description,
    parameters: slowTaskTool.parameters,
    seams: slowTaskTool.seams ?? [],
    async execute(params, context) {
      const result = await slowTaskTool.execute(params, context);
      const ranOn: RanOn = { worker, pid: process.pid };
      return { ...result, details: { ...(result.details as object), ranOn } };
    },
  });
}

/** `details.ranOn` of a result, when a worker put it there. */
export function readRanOn(details: unknown): RanOn | undefined {
  if (typeof details !== "object" || details === null || !("ranOn" in details)) return undefined;
  const { ranOn } = details as { ranOn: unknown };
  if (typeof ranOn !== "object" || ranOn === null) return undefined;
  const { worker, pid } = ranOn as { worker?: unknown; pid?: unknown };
  return typeof worker === "string" && typeof pid === "number" ? { worker, pid } : undefined;
}
