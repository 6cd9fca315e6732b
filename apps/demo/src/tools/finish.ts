import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";

/**
 * Ends the session: its result carries `terminate: true`, so a batch made only of `finish` calls
 * stops the agent loop without another model request.
 */
export const finishTool = defineTool({
  name: "finish",
  label: "Finish",
  description: "Call when the task is complete, with a one-line summary. Ends the session.",
  parameters: Type.Object(
    { summary: Type.String({ minLength: 1, description: "What was done." }) },
    { additionalProperties: false },
  ),
  execute(params) {
    return { content: [{ type: "text", text: `Finished: ${params.summary}` }], terminate: true };
  },
});
