import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { defineTool } from "./define-tool";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolCall } from "./tool-call";
import { validateToolArguments } from "./validate-tool-arguments";

const readFile = defineTool({
  name: "read_file",
  description: "Read a file",
  parameters: Type.Object({
    path: Type.String({ minLength: 1 }),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    force: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Type.Array(Type.String())),
    note: Type.Optional(Type.String()),
  }),
  execute: () => ({ content: [] }),
});

function call(argumentsObject: Record<string, unknown>, argumentsError?: string): ToolCall {
  return {
    type: "toolCall",
    id: "call_1",
    name: "read_file",
    arguments: argumentsObject,
    ...(argumentsError === undefined ? {} : { argumentsError }),
  };
}

function caught(action: () => unknown): ToolArgumentsError {
  try {
    action();
  } catch (error) {
    if (ToolArgumentsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ToolArgumentsError");
}

describe("validateToolArguments", () => {
  it("should coerce the model's usual slips into typed params", () => {
    const params = validateToolArguments(
      readFile,
      call({ path: "a.txt", offset: "10", force: "true", tags: "java", note: null }),
    );
    expect(params).toEqual({ path: "a.txt", offset: 10, force: true, tags: ["java"] });
  });

  it("should never modify the call's arguments and give the tool a private copy", () => {
    const original = { path: "a.txt", offset: "10", tags: ["x"] };
    const toolCall = call(original);
    const params = validateToolArguments(readFile, toolCall) as { tags: string[] };
    expect(toolCall.arguments).toEqual({ path: "a.txt", offset: "10", tags: ["x"] });
    params.tags.push("mutated");
    expect(original.tags).toEqual(["x"]);
  });

  it("should give a valid call's arguments back as an equal copy", () => {
    const toolCall = call({ path: "a.txt", offset: 3 });
    const params = validateToolArguments(readFile, toolCall);
    expect(params).toEqual(toolCall.arguments);
    expect(params).not.toBe(toolCall.arguments);
  });

  it("should drop forbidden extra keys and parse JSON held in a string", () => {
    const strict = defineTool({
      name: "edit",
      description: "Edit",
      parameters: Type.Object(
        { edits: Type.Array(Type.Object({ oldText: Type.String(), newText: Type.String() })) },
        { additionalProperties: false },
      ),
      execute: () => ({ content: [] }),
    });
    const params = validateToolArguments(strict, {
      type: "toolCall",
      id: "1",
      name: "edit",
      arguments: { edits: '[{"oldText":"a","newText":"b"}]', extra: 1 },
    });
    expect(params).toEqual({ edits: [{ oldText: "a", newText: "b" }] });
  });

  it("should throw the exact multi-line message with issues and changes", () => {
    const toolCall = call({ offset: "x", force: "maybe" });
    const error = caught(() => validateToolArguments(readFile, toolCall));
    expect(error.message).toBe(
      [
        'Validation failed for tool "read_file":',
        "  - path: missing",
        "  - offset: expected integer, got string",
        "  - force: expected boolean, got string",
        "",
        "Received arguments:",
        JSON.stringify({ offset: "x", force: "maybe" }, null, 2),
      ].join("\n"),
    );
    expect(error.code).toBe("INVALID_ARGUMENTS");
    expect(error.issues.map((issue) => issue.path)).toEqual(["/path", "/offset", "/force"]);
  });

  it("should report the changes applied before validation gave up", () => {
    const error = caught(() => validateToolArguments(readFile, call({ offset: "7" })));
    expect(error.changes).toEqual([{ path: "/offset", rule: "convert", from: "7", to: 7 }]);
  });

  it("should report the arguments error of a call whose text was not a JSON object", () => {
    const error = caught(() =>
      validateToolArguments(
        readFile,
        call({}, "Tool arguments must be a JSON object\n\nReceived arguments:\n[1]"),
      ),
    );
    expect(error.message).toBe(
      'Invalid arguments for tool "read_file": Tool arguments must be a JSON object\n\nReceived arguments:\n[1]',
    );
    expect(error.issues).toEqual([]);
  });

  it("should fail cleanly on arguments JSON cannot carry", () => {
    const error = caught(() => validateToolArguments(readFile, call({ path: () => "x" })));
    expect(error.message).toBe(
      'Validation failed for tool "read_file":\n  - path: a function is not a JSON value',
    );
  });

  it("should fail cleanly on 10,000-deep arguments", () => {
    let deep: unknown = "x";
    for (let depth = 0; depth < 10_000; depth++) deep = { deep };
    const error = caught(() => validateToolArguments(readFile, call({ path: "a", note: deep })));
    expect(error.message).toContain("nested deeper than");
  });

  it("should reject a dangling $ref at its place only", () => {
    const dangling = defineTool({
      name: "dangling",
      description: "x",
      parameters: {
        type: "object",
        properties: { a: { type: "string" }, b: { $ref: "#/$defs/missing" } },
      },
      execute: () => ({ content: [] }),
    });
    expect(
      validateToolArguments(dangling, {
        type: "toolCall",
        id: "1",
        name: "dangling",
        arguments: { a: "ok" },
      }),
    ).toEqual({ a: "ok" });
    const error = caught(() =>
      validateToolArguments(dangling, {
        type: "toolCall",
        id: "1",
        name: "dangling",
        arguments: { a: "ok", b: 1 },
      }),
    );
    expect(error.message).toContain("  - b: unresolved reference #/$defs/missing");
  });

  it("should check formats", () => {
    const mail = defineTool({
      name: "mail",
      description: "x",
      parameters: Type.Object({ to: Type.String({ format: "email" }) }),
      execute: () => ({ content: [] }),
    });
    const error = caught(() =>
      validateToolArguments(mail, {
        type: "toolCall",
        id: "1",
        name: "mail",
        arguments: { to: "not-an-address" },
      }),
    );
    expect(error.message).toContain("  - to: expected format email");
  });
});
