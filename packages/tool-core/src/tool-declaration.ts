import type { JsonSchemaObject } from "@toolwright/schema-coerce";

/** What the model sees of a tool: exactly its name, description and parameter schema. */
export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchemaObject;
  /**
   * Ask the provider to constrain sampling to the schema (OpenAI's `strict`, Anthropic's strict
   * tool use), when the tool opted in.
   */
  readonly constrainedSampling?: boolean | undefined;
}
