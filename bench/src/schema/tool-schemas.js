// The tool schemas of the bench, built with TypeBox the way a tool author writes them: flat
// file tools, an array of objects, enums and booleans, shared definitions, a tagged union,
// formats and a 30-property MCP-style schema.
import { Type } from "@sinclair/typebox";

const Literals = (/** @type {string[]} */ ...values) =>
  Type.Union(values.map((value) => Type.Literal(value)));

export const readFile = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: "Line to start at (1-indexed)" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of lines" })),
});

export const bash = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: "Timeout in seconds" })),
  description: Type.Optional(Type.String({ description: "What the command does, for the log" })),
});

export const edit = Type.Object({
  path: Type.String({ description: "Path to the file to edit" }),
  edits: Type.Array(
    Type.Object({
      oldText: Type.String({ description: "Exact text to replace" }),
      newText: Type.String({ description: "Replacement text" }),
      replaceAll: Type.Optional(Type.Boolean({ description: "Replace every occurrence" })),
    }),
    { minItems: 1, description: "Edits applied in order" },
  ),
});

export const grep = Type.Object({
  pattern: Type.String({ description: "Regular expression to search for" }),
  path: Type.Optional(Type.String()),
  glob: Type.Optional(Type.String()),
  ignoreCase: Type.Optional(Type.Boolean()),
  literal: Type.Optional(Type.Boolean()),
  context: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  outputMode: Type.Optional(Literals("content", "files_with_matches", "count")),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});

// TypeBox reaches shared definitions through `$id`s and a references list; the JSON form below is
// what Zod and MCP servers emit: local `$defs` and `#/$defs/…` pointers.
export const position = Type.Object(
  { line: Type.Integer({ minimum: 0 }), character: Type.Integer({ minimum: 0 }) },
  { $id: "position" },
);
export const range = Type.Object(
  { start: Type.Ref("position"), end: Type.Ref("position") },
  { $id: "range" },
);
export const textEdit = Type.Object(
  { range: Type.Ref("range"), newText: Type.String() },
  { $id: "textEdit" },
);
export const applyEdits = Type.Object({
  uri: Type.String(),
  edits: Type.Array(Type.Ref("textEdit")),
});
export const applyEditsJson = {
  type: "object",
  required: ["uri", "edits"],
  properties: {
    uri: { type: "string", description: "Document URI" },
    edits: { type: "array", items: { $ref: "#/$defs/textEdit" } },
  },
  $defs: {
    position: {
      type: "object",
      required: ["line", "character"],
      properties: {
        line: { type: "integer", minimum: 0 },
        character: { type: "integer", minimum: 0 },
      },
    },
    range: {
      type: "object",
      required: ["start", "end"],
      properties: { start: { $ref: "#/$defs/position" }, end: { $ref: "#/$defs/position" } },
    },
    textEdit: {
      type: "object",
      required: ["range", "newText"],
      properties: { range: { $ref: "#/$defs/range" }, newText: { type: "string" } },
    },
  },
};

export const computer = Type.Object({
  action: Type.Union([
    Type.Object({
      type: Type.Literal("click"),
      x: Type.Integer({ minimum: 0 }),
      y: Type.Integer({ minimum: 0 }),
      button: Type.Optional(Literals("left", "right")),
    }),
    Type.Object({ type: Type.Literal("type"), text: Type.String() }),
    Type.Object({
      type: Type.Literal("scroll"),
      direction: Literals("up", "down"),
      amount: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
    Type.Object({ type: Type.Literal("key"), keys: Type.Array(Type.String(), { minItems: 1 }) }),
    Type.Object({ type: Type.Literal("wait"), ms: Type.Integer({ minimum: 0, maximum: 60000 }) }),
  ]),
  reason: Type.Optional(Type.String()),
});

export const httpRequest = Type.Object({
  url: Type.String({ format: "uri" }),
  method: Literals("GET", "POST", "PUT", "DELETE"),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  contact: Type.Optional(Type.String({ format: "email" })),
  notBefore: Type.Optional(Type.String({ format: "date-time" })),
  requestId: Type.Optional(Type.String({ format: "uuid" })),
  clientIp: Type.Optional(Type.String({ format: "ipv4" })),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const createIssue = Type.Object({
  title: Type.String({ minLength: 1, description: "Issue title" }),
  body: Type.Optional(Type.String({ description: "Markdown body" })),
  repo: Type.String({ pattern: "^[\\w.-]+/[\\w.-]+$", description: "owner/name" }),
  labels: Type.Optional(Type.Array(Type.String())),
  assignees: Type.Optional(Type.Array(Type.String())),
  milestone: Type.Optional(Type.Integer({ minimum: 1 })),
  draft: Type.Optional(Type.Boolean()),
  priority: Type.Optional(Literals("low", "medium", "high", "urgent")),
  dueDate: Type.Optional(Type.String({ format: "date" })),
  estimate: Type.Optional(Type.Number({ minimum: 0 })),
  confidential: Type.Optional(Type.Boolean()),
  parentId: Type.Optional(Type.Integer()),
  weight: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  state: Type.Optional(Literals("open", "closed")),
  locked: Type.Optional(Type.Boolean()),
  color: Type.Optional(Type.String({ pattern: "^#[0-9a-fA-F]{6}$" })),
  projectIds: Type.Optional(Type.Array(Type.Integer())),
  notify: Type.Optional(Type.Boolean()),
  template: Type.Optional(Type.String()),
  reviewers: Type.Optional(Type.Array(Type.String())),
  dependsOn: Type.Optional(Type.Array(Type.Integer())),
  epic: Type.Optional(Type.String()),
  sprint: Type.Optional(Type.Integer()),
  component: Type.Optional(Type.String()),
  version: Type.Optional(Type.String()),
  environment: Type.Optional(Literals("dev", "staging", "prod")),
  severity: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  reproducible: Type.Optional(Type.Boolean()),
  externalUrl: Type.Optional(Type.String({ format: "uri" })),
  metadata: Type.Optional(Type.Object({ source: Type.String(), imported: Type.Boolean() })),
});

// TypeBox's native form of the real MCP `edit_file` schema in fixtures/mcp-edit-file.json (the
// other libraries get that JSON as recorded); `default` is kept, `$schema` is not.
export const mcpEditFile = Type.Object({
  path: Type.String(),
  edits: Type.Array(
    Type.Object({
      oldText: Type.String({ description: "Text to search for - must match exactly" }),
      newText: Type.String({ description: "Text to replace with" }),
    }),
  ),
  dryRun: Type.Optional(
    Type.Boolean({ default: false, description: "Preview changes using git-style diff format" }),
  ),
});
