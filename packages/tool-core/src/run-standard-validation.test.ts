import { toJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool } from "./define-tool";
import { safeValidateToolArguments } from "./safe-validate-tool-arguments";
import type { ToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";
import { validateToolArguments } from "./validate-tool-arguments";

const execute = () => ({ content: [] });

function call(name: string, argumentsObject: Readonly<Record<string, unknown>>): ToolCall {
  return { type: "toolCall", id: "call_1", name, arguments: argumentsObject };
}

/** The result of a tool whose library validates synchronously, failing the test otherwise. */
function validate(tool: Tool, argumentsObject: Readonly<Record<string, unknown>>) {
  const result = safeValidateToolArguments(tool, call(tool.name, argumentsObject));
  if (result instanceof Promise) throw new Error("expected a synchronous answer");
  return result as ToolArgumentsResult<unknown>;
}

function messageOf(result: ToolArgumentsResult<unknown>): string {
  if (result.ok) throw new Error("expected a failure");
  return result.error.message;
}

const transfer = defineTool({
  name: "transfer",
  description: "Move money between accounts",
  parameters: z
    .object({
      from: z.string().min(1),
      to: z.string().min(1),
      amount: z.number().positive(),
      memo: z.string().trim().optional(),
    })
    .refine((value) => value.from !== value.to, {
      message: "from and to must differ",
      path: ["to"],
    }),
  execute,
});

describe("runStandardValidation (through safeValidateToolArguments)", () => {
  it("should coerce with the JSON Schema, then hand the library the coerced value", () => {
    const result = validate(transfer, { from: "a", to: "b", amount: "12.5", memo: "  rent  " });
    expect(result).toEqual({
      ok: true,
      params: { from: "a", to: "b", amount: 12.5, memo: "rent" },
      changes: [{ path: "/amount", rule: "convert", from: "12.5", to: 12.5 }],
    });
  });

  it("should report the library's refinement issues in the model-readable format", () => {
    const result = validate(transfer, { from: "a", to: "a", amount: "3" });
    expect(messageOf(result)).toBe(
      [
        'Validation failed for tool "transfer":',
        "  - to: from and to must differ",
        "",
        "Received arguments:",
        JSON.stringify({ from: "a", to: "a", amount: "3" }, null, 2),
      ].join("\n"),
    );
    if (!result.ok) {
      expect(result.error.issues).toEqual([
        { path: "/to", keyword: "zod", message: "from and to must differ" },
      ]);
      expect(result.error.changes).toEqual([
        { path: "/amount", rule: "convert", from: "3", to: 3 },
      ]);
    }
  });

  it("should report JSON Schema issues first, without running the library", () => {
    let ran = false;
    const tool = defineTool({
      name: "watched",
      description: "x",
      parameters: z.object({ n: z.number() }).refine(() => {
        ran = true;
        return true;
      }),
      execute,
    });
    expect(messageOf(validate(tool, { n: "many" }))).toContain(
      "  - n: expected number, got string",
    );
    expect(ran).toBe(false);
  });

  it("should give the library's output as params: transforms, defaults and nested paths", () => {
    const tool = defineTool({
      name: "edit",
      description: "x",
      parameters: z.object({
        edits: z.array(
          z.object({
            line: z.number().int(),
            text: z.string().refine((text) => !text.includes("\t"), "no tabs"),
          }),
        ),
        dryRun: z.boolean().default(false),
        file: z.string().transform((path) => path.split("/")),
      }),
      execute,
    });
    expect(validate(tool, { edits: [{ line: "2", text: "ok" }], file: "a/b" })).toMatchObject({
      ok: true,
      params: { edits: [{ line: 2, text: "ok" }], dryRun: false, file: ["a", "b"] },
    });
    expect(messageOf(validate(tool, { edits: [{ line: 1, text: "a\tb" }], file: "a" }))).toContain(
      "  - edits.0.text: no tabs",
    );
  });

  it("should run ArkType's morphs and constraints after coercion", () => {
    const tool = defineTool({
      name: "ark",
      description: "x",
      parameters: type({
        count: "string.numeric.parse",
        "size?": type("number").narrow((size, context) => size % 2 === 0 || context.mustBe("even")),
      }),
      execute,
    });
    // The model sent a number where the schema wants a numeric string: coerced, then parsed back.
    expect(validate(tool, { count: 7 })).toMatchObject({ ok: true, params: { count: 7 } });
    // JSON Schema cannot say "even": ArkType's own check catches it.
    expect(messageOf(validate(tool, { count: "7", size: "3" }))).toContain(
      "  - size: size must be even (was 3)",
    );
  });

  it("should run Valibot's checks after coercion", () => {
    const tool = defineTool({
      name: "valibot",
      description: "x",
      parameters: v.object({
        start: v.number(),
        end: v.pipe(
          v.number(),
          v.check((end) => end < 1000, "end is too far"),
        ),
      }),
      // `check` has no JSON Schema form: leave it to Valibot's own validation.
      toJsonSchema: (parameters) => toJsonSchema(parameters, { errorMode: "ignore" }),
      execute,
    });
    expect(validate(tool, { start: "1", end: "2" })).toMatchObject({
      ok: true,
      params: { start: 1, end: 2 },
    });
    expect(messageOf(validate(tool, { start: 1, end: 5000 }))).toContain("  - end: end is too far");
  });

  it("should end as ok: false when the library throws or its async check rejects", async () => {
    const throwing = defineTool({
      name: "throwing",
      description: "x",
      parameters: z.object({ a: z.string() }).refine(() => {
        throw new Error("database down");
      }),
      execute,
    });
    // Zod retries a throwing check asynchronously, so the answer is a Promise that rejects.
    expect(messageOf(await safeValidateToolArguments(throwing, call("throwing", { a: "x" })))).toBe(
      'Invalid arguments for tool "throwing": the zod schema failed while validating them: database down',
    );
    const rejecting = defineTool({
      name: "rejecting",
      description: "x",
      parameters: v.objectAsync({
        a: v.pipeAsync(
          v.string(),
          v.checkAsync(async () => {
            throw new Error("timed out");
          }, "unreachable"),
        ),
      }),
      toJsonSchema: (parameters) => toJsonSchema(parameters as never, { errorMode: "ignore" }),
      execute,
    });
    const result = await safeValidateToolArguments(rejecting, call("rejecting", { a: "x" }));
    expect(messageOf(result)).toBe(
      'Invalid arguments for tool "rejecting": the valibot schema failed while validating them: timed out',
    );
  });

  it("should read a malformed library answer as a failure, not a crash", () => {
    const fake = defineTool({
      name: "odd",
      description: "x",
      parameters: {
        "~standard": {
          version: 1,
          vendor: "odd",
          validate: () => ({ issues: "not a list" }),
          jsonSchema: { input: () => ({ type: "object" }), output: () => ({ type: "object" }) },
        },
      } as never,
      execute,
    });
    expect(messageOf(validate(fake, {}))).toBe(
      'Invalid arguments for tool "odd": the odd schema failed while validating them: its validate returned issues that are not a list',
    );
  });

  it("should let validateToolArguments return the library's output synchronously", () => {
    expect(
      validateToolArguments(transfer, call("transfer", { from: "a", to: "b", amount: 1 })),
    ).toEqual({
      from: "a",
      to: "b",
      amount: 1,
    });
  });
});
