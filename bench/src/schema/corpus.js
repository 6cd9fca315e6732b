// The cases of the schema bench: each tool schema with three payloads. One is valid as sent; one
// is what a model typically gets almost right (numbers and booleans as strings, one value where
// an array belongs, optional fields sent as null), with the value a coercing parse must produce;
// one is wrong in several places at once, so "all issues" means something.

import { readFileSync } from "node:fs";
import {
  applyEdits,
  applyEditsJson,
  bash,
  computer,
  createIssue,
  edit,
  grep,
  httpRequest,
  mcpEditFile,
  position,
  range,
  readFile,
  textEdit,
} from "./tool-schemas.js";
import { typeboxToJson } from "./typebox-to-json.js";

/**
 * The recorded `edit_file` input schema of the real MCP filesystem server (see fixtures/README.md),
 * without its draft-07 `$schema`, which Ajv's 2020-12 class would refuse.
 */
const { $schema: _draft, ...mcpEditFileJson } = JSON.parse(
  readFileSync(new URL("./fixtures/mcp-edit-file.json", import.meta.url), "utf8"),
).inputSchema;

const fiftyEdits = Array.from({ length: 50 }, (_, index) => ({
  oldText: `const value${index} = ${index};`,
  newText: `const value${index} = ${index + 1};`,
  ...(index % 2 === 0 ? { replaceAll: index % 4 === 0 } : {}),
}));

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
  {
    name: "edit, 50 edits (array of 50 objects)",
    description: "the `edit` schema with an array of 50 objects, half with the optional boolean",
    typebox: edit,
    references: [],
    json: typeboxToJson(edit),
    valid: { path: "src/app.ts", edits: fiftyEdits },
    coercible: {
      path: "src/app.ts",
      edits: fiftyEdits.map((item) =>
        "replaceAll" in item ? { ...item, replaceAll: String(item.replaceAll) } : item,
      ),
    },
    coerced: { path: "src/app.ts", edits: fiftyEdits },
    invalid: {
      path: "src/app.ts",
      edits: fiftyEdits.map((item, index) => {
        if (index === 7) return { newText: item.newText };
        if (index === 23) return { ...item, replaceAll: "sometimes" };
        if (index === 41) return { ...item, newText: {} };
        return item;
      }),
    },
    invalidIssues: 3,
  },
  {
    name: "edit_file (real MCP server)",
    description:
      "server-filesystem's recorded edit_file schema: array of objects, a defaulted boolean",
    typebox: mcpEditFile,
    references: [],
    json: mcpEditFileJson,
    valid: {
      path: "/tmp/project/src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;" },
        { oldText: "foo()", newText: "bar()" },
      ],
      dryRun: true,
    },
    coercible: {
      path: "/tmp/project/src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;" },
        { oldText: "foo()", newText: "bar()" },
      ],
      dryRun: "true",
    },
    coerced: {
      path: "/tmp/project/src/app.ts",
      edits: [
        { oldText: "const a = 1;", newText: "const a = 2;" },
        { oldText: "foo()", newText: "bar()" },
      ],
      dryRun: true,
    },
    invalid: { edits: [{ oldText: "a" }, { oldText: {}, newText: "b" }], dryRun: "perhaps" },
    invalidIssues: 4,
  },
];
