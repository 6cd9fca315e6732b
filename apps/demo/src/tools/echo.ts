import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";

/** Echoes a value back — the smallest tool, and the one the seeds trace through the pipeline. */
export const echoTool = defineTool({
  name: "echo",
  label: "Echo",
  description: "Echo a value back, optionally repeated and upper-cased.",
  parameters: Type.Object(
    {
      value: Type.String({ description: "The text to echo." }),
      repeat: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 5, description: "How many times." }),
      ),
      uppercase: Type.Optional(Type.Boolean({ description: "Upper-case the text." })),
    },
    { additionalProperties: false },
  ),
  execute(params) {
    const text = params.uppercase === true ? params.value.toUpperCase() : params.value;
    const repeated = Array.from({ length: params.repeat ?? 1 }, () => text).join(" ");
    return { content: [{ type: "text", text: repeated }], details: { source: "echo" } };
  },
});
