import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { SleepSeam } from "./sleep";

/** Progress `slow_task` streams through `onUpdate`. */
export interface SlowTaskProgress {
  readonly step: number;
  readonly steps: number;
}

/**
 * A long-running job in miniature: it works in steps, streams a progress update after each one
 * (`tool_execution_update`), and stops early when its signal aborts.
 */
export const slowTaskTool = defineTool({
  name: "slow_task",
  label: "Slow task",
  description: "Run a slow background job in steps, reporting progress. Use for indexing.",
  parameters: Type.Object(
    {
      label: Type.String({ minLength: 1, description: "What the job is, e.g. index notes" }),
      steps: Type.Integer({ minimum: 1, maximum: 10, description: "How many steps." }),
      stepMs: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 1000,
          description: "Milliseconds per step (default 70).",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  seams: [SleepSeam],
  timeoutMs: 5000,
  async execute(params, context) {
    const sleep = context.use(SleepSeam);
    for (let step = 1; step <= params.steps; step += 1) {
      await sleep(params.stepMs ?? 70, context.signal);
      if (context.signal.aborted) {
        return {
          content: [
            {
              type: "text",
              text: `${params.label}: stopped after ${step - 1}/${params.steps} steps`,
            },
          ],
          details: { step: step - 1, steps: params.steps },
          isError: true,
        };
      }
      const progress: SlowTaskProgress = { step, steps: params.steps };
      context.onUpdate({
        content: [{ type: "text", text: `${params.label}: step ${step}/${params.steps}` }],
        details: progress,
      });
    }
    return {
      content: [{ type: "text", text: `${params.label}: done in ${params.steps} steps` }],
      details: { step: params.steps, steps: params.steps },
    };
  },
});
