import type { JsonSchemaObject } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { isStandardSchema, type StandardSchema } from "./standard-schema";
import { DEFAULT_PARAMETERS } from "./tool-argument-options";
import { ToolError } from "./tool-error";

// Derived once per schema (or per tool with its own converter) and kept while it lives, so the
// schema a model sees and the one the validator compiled are the same object on every request.
const bySchema = new WeakMap<object, JsonSchemaObject>();
const byTool = new WeakMap<Tool, JsonSchemaObject>();

/**
 * The JSON Schema of `tool`'s parameters — what the model sees and what arguments are coerced and
 * validated against: the schema itself for TypeBox or plain JSON Schema, `{ type: "object" }` when
 * there is none, and for a Standard Schema the JSON Schema its library produces (the tool's
 * `toJsonSchema`, else `~standard.jsonSchema.input({ target: "draft-2020-12" })`, as produced, `$schema`
 * included, so a draft-07 converter is read as draft 7).
 *
 * Throws a `ToolError` (`UNSUPPORTED_SCHEMA`) when a Standard Schema cannot produce JSON Schema.
 */
export function getParametersJsonSchema(tool: Tool): JsonSchemaObject {
  const parameters: unknown = tool.parameters;
  if (parameters === undefined) return DEFAULT_PARAMETERS;
  if (!isStandardSchema(parameters)) return parameters as JsonSchemaObject;
  if (typeof parameters["~standard"].validate !== "function") {
    throw new ToolError(
      "UNSUPPORTED_SCHEMA",
      `Tool ${tool.name}: its parameters have ~standard but no validate function (Standard Schema v1 needs one)`,
    );
  }
  if (tool.toJsonSchema !== undefined) {
    let schema = byTool.get(tool);
    if (schema === undefined) {
      schema = convert(tool, () => tool.toJsonSchema!(parameters as never));
      byTool.set(tool, schema);
    }
    return schema;
  }
  let schema = bySchema.get(parameters);
  if (schema === undefined) {
    schema = convertStandardSchema(tool, parameters);
    bySchema.set(parameters, schema);
  }
  return schema;
}

function convertStandardSchema(tool: Tool, parameters: StandardSchema): JsonSchemaObject {
  const properties = parameters["~standard"];
  const converter = properties.jsonSchema;
  if (
    typeof converter !== "object" ||
    converter === null ||
    typeof converter.input !== "function"
  ) {
    throw new ToolError(
      "UNSUPPORTED_SCHEMA",
      `Tool ${tool.name}: its parameters are a ${String(properties.vendor)} schema that cannot produce JSON Schema (no ~standard.jsonSchema); pass defineTool a toJsonSchema option that converts it`,
    );
  }
  return convert(tool, () => converter.input({ target: "draft-2020-12" }));
}

function convert(tool: Tool, convertIt: () => unknown): JsonSchemaObject {
  let converted: unknown;
  try {
    converted = convertIt();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolError(
      "UNSUPPORTED_SCHEMA",
      `Tool ${tool.name}: its parameters could not be converted to JSON Schema: ${reason}`,
      { cause: error },
    );
  }
  if (typeof converted !== "object" || converted === null || Array.isArray(converted)) {
    throw new ToolError(
      "UNSUPPORTED_SCHEMA",
      `Tool ${tool.name}: converting its parameters to JSON Schema gave ${converted === null ? "null" : typeof converted}, not a JSON Schema object`,
    );
  }
  return converted as JsonSchemaObject;
}
