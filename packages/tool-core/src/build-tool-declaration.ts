import type { Tool } from "./define-tool";
import { getParametersJsonSchema } from "./get-parameters-json-schema";
import type { ToolDeclaration } from "./tool-declaration";

/**
 * What the model sees of `tool`: a new object with `name`, `description`, `parameters` (the JSON
 * Schema of `getParametersJsonSchema`: `{ type: "object" }` when there are none, the JSON Schema a
 * Standard Schema produces) and `constrainedSampling` only when the tool sets it, in that key
 * order. Every executable and UI field is left out. The one builder of a declaration:
 * `ToolRegistry.definitions()` and `@toolwright/transcript`'s `toToolDeclaration` both use it.
 *
 * The schema is shared, not copied. Throws as `getParametersJsonSchema` does (a Standard Schema
 * that cannot produce JSON Schema).
 */
export function buildToolDeclaration(tool: Tool | ToolDeclaration): ToolDeclaration {
  const parameters = getParametersJsonSchema(tool as Tool);
  return tool.constrainedSampling === undefined
    ? { name: tool.name, description: tool.description, parameters }
    : {
        name: tool.name,
        description: tool.description,
        parameters,
        constrainedSampling: tool.constrainedSampling,
      };
}
