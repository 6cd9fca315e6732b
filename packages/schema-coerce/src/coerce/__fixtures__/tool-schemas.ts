/**
 * A corpus of realistic tool parameter schemas for the coercion property tests: the shapes
 * agents send to models (flat, nested arrays of objects, enums, `$ref`, tagged unions, formats,
 * a wide MCP-style schema).
 */
import type { JsonSchemaObject } from "../../types";

const readFile: JsonSchemaObject = {
  type: "object",
  properties: {
    path: { type: "string", minLength: 1 },
    offset: { type: "integer", minimum: 0 },
    limit: { type: "integer", minimum: 1 },
  },
  required: ["path"],
  additionalProperties: false,
};

const bash: JsonSchemaObject = {
  type: "object",
  properties: {
    command: { type: "string" },
    timeout: { type: "number", exclusiveMinimum: 0 },
    background: { type: "boolean" },
  },
  required: ["command"],
};

const edit: JsonSchemaObject = {
  type: "object",
  properties: {
    path: { type: "string" },
    edits: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: {
          oldText: { type: "string" },
          newText: { type: "string" },
          replaceAll: { type: "boolean" },
        },
        required: ["oldText", "newText"],
        additionalProperties: false,
      },
    },
  },
  required: ["path", "edits"],
};

const search: JsonSchemaObject = {
  type: "object",
  properties: {
    query: { type: "string" },
    mode: { enum: ["fast", "thorough", "exact"] },
    level: { enum: [1, 2, 3] },
    caseSensitive: { type: "boolean" },
    includeHidden: { const: true },
    limit: { type: ["integer", "null"] },
  },
  required: ["query", "mode"],
};

const refs: JsonSchemaObject = {
  $defs: {
    Position: {
      type: "object",
      properties: { line: { type: "integer" }, character: { type: "integer" } },
      required: ["line", "character"],
    },
    Range: {
      type: "object",
      properties: { start: { $ref: "#/$defs/Position" }, end: { $ref: "#/$defs/Position" } },
      required: ["start", "end"],
    },
  },
  type: "object",
  properties: {
    uri: { type: "string" },
    range: { $ref: "#/$defs/Range" },
    context: { type: "array", items: { $ref: "#/$defs/Range" } },
  },
  required: ["uri", "range"],
};

function variant(kind: string, properties: Record<string, JsonSchemaObject>): JsonSchemaObject {
  return {
    type: "object",
    properties: { kind: { const: kind }, ...properties },
    required: ["kind", ...Object.keys(properties)],
  };
}

const taggedUnion: JsonSchemaObject = {
  type: "object",
  properties: {
    action: {
      anyOf: [
        variant("click", { x: { type: "integer" }, y: { type: "integer" } }),
        variant("type", { text: { type: "string" } }),
        variant("scroll", { amount: { type: "number" }, smooth: { type: "boolean" } }),
        variant("wait", { seconds: { type: "number", minimum: 0 } }),
        variant("keys", { keys: { type: "array", items: { type: "string" } } }),
      ],
    },
  },
  required: ["action"],
};

const formats: JsonSchemaObject = {
  type: "object",
  properties: {
    url: { type: "string", format: "uri" },
    when: { type: "string", format: "date-time" },
    email: { type: "string", format: "email" },
    id: { type: "string", format: "uuid" },
    retries: { type: "integer" },
  },
  required: ["url"],
};

const wideProperties: Record<string, JsonSchemaObject> = {};
const kinds: readonly JsonSchemaObject[] = [
  { type: "string" },
  { type: "integer" },
  { type: "number" },
  { type: "boolean" },
  { type: ["string", "null"] },
  { type: "array", items: { type: "string" } },
  { enum: ["low", "medium", "high"] },
  { type: "object", properties: { enabled: { type: "boolean" }, count: { type: "integer" } } },
  { type: ["integer", "null"] },
  { type: "array", items: { type: "integer" } },
];
for (let index = 0; index < 30; index++) {
  wideProperties[`field${index}`] = kinds[index % kinds.length] ?? { type: "string" };
}

const mcpWide: JsonSchemaObject = {
  type: "object",
  properties: wideProperties,
  required: ["field0", "field1", "field2", "field3"],
};

/** The corpus by name. */
export const toolSchemas: Readonly<Record<string, JsonSchemaObject>> = {
  readFile,
  bash,
  edit,
  search,
  refs,
  taggedUnion,
  formats,
  mcpWide,
};
