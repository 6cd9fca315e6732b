import { describe, expect, it } from "vitest";
import { explainToolChanges } from "./explain-tool-changes";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";
import { TranscriptError } from "./transcript-error";

const read = makeTestTool("read", {
  parameters: {
    type: "object",
    properties: { path: { type: "string" }, limit: { type: "integer" } },
    required: ["path"],
  },
});

describe("explainToolChanges", () => {
  it("should report nothing for equal states, tools or declarations", () => {
    expect(explainToolChanges([read], [toToolDeclaration(read)])).toStrictEqual([]);
  });

  it("should report removed tools, changed tools, then added tools", () => {
    const explanations = explainToolChanges(
      [makeTestTool("gone"), read],
      [
        makeTestTool("read", { parameters: read.parameters, description: "v2" }),
        makeTestTool("new"),
      ],
    );
    expect(explanations.map(({ type, name }) => `${type} ${name}`)).toStrictEqual([
      "removed gone",
      "changed read",
      "added new",
    ]);
    expect(explanations.map((explanation) => explanation.message)).toStrictEqual([
      "gone: removed",
      'read: description changed from "The read tool" to "v2"',
      "new: added",
    ]);
  });

  it.each([
    {
      change: "a changed type",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, limit: { type: "number" } },
        required: ["path"],
      },
      expected: [
        {
          type: "parameters",
          difference: {
            type: "changed",
            path: "/properties/limit/type",
            previous: "integer",
            current: "number",
          },
        },
      ],
      message: 'read: parameters at /properties/limit/type: changed from "integer" to "number"',
    },
    {
      change: "an added property",
      parameters: {
        type: "object",
        properties: {
          path: { type: "string" },
          limit: { type: "integer" },
          "a/b": { type: "string" },
        },
        required: ["path"],
      },
      expected: [
        {
          type: "parameters",
          difference: { type: "added", path: "/properties/a~1b", current: { type: "string" } },
        },
      ],
      message: 'read: parameters at /properties/a~1b: added {"type":"string"}',
    },
    {
      change: "a removed array item",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, limit: { type: "integer" } },
        required: [],
      },
      expected: [
        {
          type: "parameters",
          difference: { type: "removed", path: "/required/0", previous: "path" },
        },
      ],
      message: 'read: parameters at /required/0: removed "path"',
    },
    {
      change: "only the key order",
      parameters: {
        type: "object",
        properties: { limit: { type: "integer" }, path: { type: "string" } },
        required: ["path"],
      },
      expected: [
        {
          type: "parameters",
          difference: {
            type: "keyOrder",
            path: "/properties",
            previous: ["path", "limit"],
            current: ["limit", "path"],
          },
        },
      ],
      message:
        "read: parameters at /properties: key order changed from [path, limit] to [limit, path]",
    },
    {
      change: "a schema replaced by another type",
      parameters: { type: "object", properties: [], required: ["path"] },
      expected: [
        {
          type: "parameters",
          difference: {
            type: "changed",
            path: "/properties",
            previous: { path: { type: "string" }, limit: { type: "integer" } },
            current: [],
          },
        },
      ],
      message:
        'read: parameters at /properties: changed from {"path":{"type":"string"},"limit":{"type":"integer"}} to []',
    },
  ])("should explain $change at its JSON path", ({ parameters, expected, message }) => {
    const [explanation] = explainToolChanges([read], [makeTestTool("read", { parameters })]);
    expect(explanation).toStrictEqual({
      type: "changed",
      name: "read",
      changes: expected,
      message,
    });
  });

  it("should explain a constrainedSampling change", () => {
    const [explanation] = explainToolChanges(
      [read],
      [{ ...toToolDeclaration(read), constrainedSampling: true }],
    );
    expect(explanation?.type === "changed" && explanation.changes).toStrictEqual([
      { type: "constrainedSampling", previous: undefined, current: true },
    ]);
  });

  const nest = (leaf: string, depth: number) => {
    let schema: Record<string, unknown> = { type: leaf };
    for (let level = 0; level < depth; level++) schema = { not: schema };
    return schema;
  };

  it("should explain a change 2,000 levels deep", () => {
    const [explanation] = explainToolChanges(
      [makeTestTool("deep", { parameters: nest("string", 2_000) })],
      [makeTestTool("deep", { parameters: nest("number", 2_000) })],
    );
    const change = explanation?.type === "changed" ? explanation.changes[0] : undefined;
    expect(change?.type === "parameters" && change.difference.path).toBe(
      `${"/not".repeat(2_000)}/type`,
    );
  });

  it("should fail cleanly with INVALID_TOOL on a schema 10,000 levels deep", () => {
    const previous = makeTestTool("deep", { parameters: nest("string", 10_000) });
    let thrown: unknown;
    try {
      explainToolChanges([previous], [makeTestTool("deep")]);
    } catch (error) {
      thrown = error;
    }
    expect(TranscriptError.isInstance(thrown) && thrown.code).toBe("INVALID_TOOL");
  });
});
