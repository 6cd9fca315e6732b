// The tool schemas and payloads of the schema bench. Each case has three payloads: one that is
// valid as sent, one that a model typically gets almost right (numbers and booleans as strings,
// one value where an array belongs, optional fields sent as null) with the value a coercing parse
// must produce, and one that is wrong in several places at once, so "all issues" means something.
import { Type } from "@sinclair/typebox";
import { typeboxToJson } from "./typebox-to-json.js";

/**
 * @typedef {object} SchemaCase
 * @property {string} name
 * @property {string} description what makes the case realistic
 * @property {import("@sinclair/typebox").TSchema} typebox the schema as TypeBox builds it
 * @property {import("@sinclair/typebox").TSchema[]} references TypeBox's referenced schemas
 * @property {any} json the same schema as plain JSON Schema, given to every other library
 * @property {unknown} valid
 * @property {unknown} coercible
 * @property {unknown} coerced what a coercing parse of `coercible` returns
 * @property {unknown} invalid
 * @property {number} invalidIssues how many independent problems `invalid` has
 */

const Literals = (/** @type {string[]} */ ...values) =>
  Type.Union(values.map((value) => Type.Literal(value)));

const readFile = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: "Line to start at (1-indexed)" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of lines" })),
});

const bash = Type.Object({
  command: Type.String({ description: "Bash command to execute" }),
  timeout: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: "Timeout in seconds" })),
  description: Type.Optional(Type.String({ description: "What the command does, for the log" })),
});

const edit = Type.Object({
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

const grep = Type.Object({
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
const position = Type.Object(
  { line: Type.Integer({ minimum: 0 }), character: Type.Integer({ minimum: 0 }) },
  { $id: "position" },
);
const range = Type.Object(
  { start: Type.Ref("position"), end: Type.Ref("position") },
  { $id: "range" },
);
const textEdit = Type.Object(
  { range: Type.Ref("range"), newText: Type.String() },
  { $id: "textEdit" },
);
const applyEdits = Type.Object({ uri: Type.String(), edits: Type.Array(Type.Ref("textEdit")) });
const applyEditsJson = {
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

const computer = Type.Object({
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

const httpRequest = Type.Object({
  url: Type.String({ format: "uri" }),
  method: Literals("GET", "POST", "PUT", "DELETE"),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  contact: Type.Optional(Type.String({ format: "email" })),
  notBefore: Type.Optional(Type.String({ format: "date-time" })),
  requestId: Type.Optional(Type.String({ format: "uuid" })),
  clientIp: Type.Optional(Type.String({ format: "ipv4" })),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
});

const createIssue = Type.Object({
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

const issueValid = {
  title: "Crash when the config file is empty",
  body: "Steps:\n1. create an empty config\n2. run the CLI",
  repo: "acme/toolwright",
  labels: ["bug", "cli"],
  assignees: ["ada"],
  milestone: 3,
  draft: false,
  priority: "high",
  dueDate: "2025-03-01",
  estimate: 2.5,
  weight: 10,
  state: "open",
  color: "#ff8800",
  projectIds: [1, 2],
  notify: true,
  severity: 2,
  reproducible: true,
  externalUrl: "https://example.com/reports/17",
  metadata: { source: "sentry", imported: true },
};

/** @type {SchemaCase[]} */
export const schemaCases = [
  {
    name: "read_file (flat)",
    description: "string + two optional integers",
    typebox: readFile,
    references: [],
    json: typeboxToJson(readFile),
    valid: { path: "src/index.ts", offset: 10, limit: 200 },
    coercible: { path: "src/index.ts", offset: "10", limit: "200" },
    coerced: { path: "src/index.ts", offset: 10, limit: 200 },
    invalid: { offset: "ten", limit: 0 },
    invalidIssues: 3,
  },
  {
    name: "bash (flat)",
    description: "string, optional number with exclusiveMinimum, optional string",
    typebox: bash,
    references: [],
    json: typeboxToJson(bash),
    valid: { command: "ls -la src", timeout: 30 },
    coercible: { command: "ls -la src", timeout: "30", description: null },
    coerced: { command: "ls -la src", timeout: 30 },
    invalid: { command: ["ls"], timeout: -5, description: {} },
    invalidIssues: 3,
  },
  {
    name: "edit (array of objects)",
    description: "array of objects with an optional boolean",
    typebox: edit,
    references: [],
    json: typeboxToJson(edit),
    valid: {
      path: "src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;" },
        { oldText: "foo()", newText: "bar()", replaceAll: true },
      ],
    },
    coercible: {
      path: "src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;", replaceAll: "false" },
        { oldText: "foo()", newText: "bar()", replaceAll: "true" },
      ],
    },
    coerced: {
      path: "src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;", replaceAll: false },
        { oldText: "foo()", newText: "bar()", replaceAll: true },
      ],
    },
    invalid: { edits: [{ oldText: "foo" }, { newText: {} }] },
    invalidIssues: 4,
  },
  {
    name: "grep (enums, booleans)",
    description: "8 optional fields: booleans, bounded integers, a string enum",
    typebox: grep,
    references: [],
    json: typeboxToJson(grep),
    valid: {
      pattern: "TODO",
      path: "src",
      ignoreCase: true,
      literal: false,
      context: 2,
      outputMode: "content",
      limit: 50,
    },
    coercible: {
      pattern: "TODO",
      path: "src",
      ignoreCase: "true",
      literal: "false",
      context: "2",
      outputMode: "content",
      limit: "50",
    },
    coerced: {
      pattern: "TODO",
      path: "src",
      ignoreCase: true,
      literal: false,
      context: 2,
      outputMode: "content",
      limit: 50,
    },
    invalid: { pattern: "TODO", ignoreCase: "maybe", context: 99, outputMode: "lines", limit: "x" },
    invalidIssues: 4,
  },
  {
    name: "apply_edits ($ref/$defs)",
    description: "array of edits through three local definitions",
    typebox: applyEdits,
    references: [position, range, textEdit],
    json: applyEditsJson,
    valid: {
      uri: "file:///src/a.ts",
      edits: [
        {
          range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } },
          newText: "x",
        },
        {
          range: { start: { line: 4, character: 2 }, end: { line: 6, character: 0 } },
          newText: "",
        },
      ],
    },
    coercible: {
      uri: "file:///src/a.ts",
      edits: [
        {
          range: { start: { line: "1", character: "0" }, end: { line: "1", character: "5" } },
          newText: "x",
        },
        {
          range: { start: { line: "4", character: "2" }, end: { line: "6", character: "0" } },
          newText: "",
        },
      ],
    },
    coerced: {
      uri: "file:///src/a.ts",
      edits: [
        {
          range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } },
          newText: "x",
        },
        {
          range: { start: { line: 4, character: 2 }, end: { line: 6, character: 0 } },
          newText: "",
        },
      ],
    },
    invalid: { edits: [{ range: { start: { line: -1 }, end: { line: "x", character: 0 } } }] },
    invalidIssues: 5,
  },
  {
    name: "computer (5-branch tagged anyOf)",
    description: "a union of five objects told apart by a `type` const",
    typebox: computer,
    references: [],
    json: typeboxToJson(computer),
    valid: { action: { type: "scroll", direction: "down", amount: 3 }, reason: "see more" },
    coercible: { action: { type: "wait", ms: "500" } },
    coerced: { action: { type: "wait", ms: 500 } },
    invalid: { action: { type: "click", x: -1, y: "abc", button: "middle" } },
    invalidIssues: 3,
  },
  {
    name: "http_request (formats)",
    description: "uri, email, date-time, uuid, ipv4 formats and a string record",
    typebox: httpRequest,
    references: [],
    json: typeboxToJson(httpRequest),
    valid: {
      url: "https://example.com/api/v1/items?limit=10",
      method: "POST",
      headers: { "content-type": "application/json", accept: "*/*" },
      contact: "ops@example.com",
      notBefore: "2025-01-02T03:04:05Z",
      requestId: "6f1c2b8e-3d4a-4b5c-9d6e-7f8a9b0c1d2e",
      clientIp: "192.168.1.20",
      timeoutMs: 5000,
    },
    coercible: {
      url: "https://example.com/api/v1/items?limit=10",
      method: "POST",
      headers: { "content-type": "application/json", "x-retry": 3 },
      requestId: "6f1c2b8e-3d4a-4b5c-9d6e-7f8a9b0c1d2e",
      timeoutMs: "5000",
    },
    coerced: {
      url: "https://example.com/api/v1/items?limit=10",
      method: "POST",
      headers: { "content-type": "application/json", "x-retry": "3" },
      requestId: "6f1c2b8e-3d4a-4b5c-9d6e-7f8a9b0c1d2e",
      timeoutMs: 5000,
    },
    invalid: {
      url: "not a uri",
      method: "FETCH",
      contact: "nobody",
      notBefore: "yesterday",
      requestId: "1234",
      clientIp: "999.1.1.1",
    },
    invalidIssues: 6,
  },
  {
    name: "create_issue (30-property MCP)",
    description: "30 properties: strings, patterns, enums, arrays, a nested object, formats",
    typebox: createIssue,
    references: [],
    json: typeboxToJson(createIssue),
    valid: issueValid,
    coercible: {
      ...issueValid,
      body: null,
      labels: "bug",
      milestone: "3",
      draft: "false",
      estimate: "2.5",
      weight: "10",
      projectIds: ["1", "2"],
      notify: "true",
      severity: "2",
    },
    coerced: (() => {
      const { body: _body, ...rest } = issueValid;
      return { ...rest, labels: ["bug"] };
    })(),
    invalid: {
      ...issueValid,
      title: "",
      repo: "no slash here",
      priority: "asap",
      weight: 101,
      color: "red",
      severity: 0,
      projectIds: ["x"],
      externalUrl: "::",
    },
    invalidIssues: 8,
  },
];
