import { Type } from "@sinclair/typebox";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool";
import { safeValidateToolArguments } from "./safe-validate-tool-arguments";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolCall } from "./tool-call";
import { validateToolArguments } from "./validate-tool-arguments";

const readFile = defineTool({
  name: "read_file",
  description: "Read a file",
  parameters: Type.Object({
    path: Type.String({ minLength: 1 }),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  execute: () => ({ content: [] }),
});

function call(
  argumentsObject: Readonly<Record<string, unknown>>,
  argumentsError?: string,
): ToolCall {
  return {
    type: "toolCall",
    id: "call_1",
    name: "read_file",
    arguments: argumentsObject,
    ...(argumentsError === undefined ? {} : { argumentsError }),
  };
}

describe("safeValidateToolArguments", () => {
  it("should return the coerced params and the changes applied", () => {
    const result = safeValidateToolArguments(readFile, call({ path: "a.txt", offset: "10" }));
    expect(result).toEqual({
      ok: true,
      params: { path: "a.txt", offset: 10 },
      changes: [{ path: "/offset", rule: "convert", from: "10", to: 10 }],
    });
  });

  it("should return the same error validateToolArguments throws, as data", () => {
    const toolCall = call({ offset: "x" });
    const result = safeValidateToolArguments(readFile, toolCall);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(ToolArgumentsError.isInstance(result.error)).toBe(true);
    expect(result.error.message).toBe(
      [
        'Validation failed for tool "read_file":',
        "  - path: missing",
        "  - offset: expected integer, got string",
        "",
        "Received arguments:",
        JSON.stringify({ offset: "x" }, null, 2),
      ].join("\n"),
    );
    expect(() => validateToolArguments(readFile, toolCall)).toThrow(result.error.message);
  });

  it("should return the arguments error of a call whose text was not JSON", () => {
    const result = safeValidateToolArguments(readFile, call({}, "Unexpected end of JSON input"));
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) {
      expect(result.error.message).toBe(
        'Invalid arguments for tool "read_file": Unexpected end of JSON input',
      );
    }
  });

  it("should not throw for arguments with a throwing getter, a Proxy or a revoked Proxy", () => {
    const getter = Object.defineProperty({}, "path", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const revocable = Proxy.revocable({ path: "a" }, {});
    revocable.revoke();
    const trap = new Proxy(
      { path: "a" },
      {
        ownKeys() {
          throw new Error("no keys");
        },
      },
    );
    for (const hostile of [getter, revocable.proxy, trap]) {
      const result = safeValidateToolArguments(readFile, call(hostile));
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error.message).toMatch(/^Invalid arguments for tool "read_file": /);
    }
  });

  it("should end as ok: false, not throw, for a tool whose schema does not compile", () => {
    const broken = defineTool({
      name: "broken",
      description: "x",
      parameters: { type: "object", properties: { a: { type: "no-such-type" } } },
      execute: () => ({ content: [] }),
    });
    const result = safeValidateToolArguments(broken, call({ a: 1 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.cause).toBeInstanceOf(Error);
  });

  it("should never throw, whatever the arguments", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (argumentsObject) => {
        const result = safeValidateToolArguments(readFile, call(argumentsObject));
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });

  it("should answer synchronously for a Standard Schema whose library validates synchronously", () => {
    const tool = defineTool({
      name: "zod_sync",
      description: "x",
      parameters: z.object({ count: z.number().int() }),
      execute: () => ({ content: [] }),
    });
    const result = safeValidateToolArguments(tool, call({ count: "3" }));
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toMatchObject({ ok: true, params: { count: 3 } });
  });

  it("should answer with a Promise only when the library validates asynchronously", async () => {
    const taken = new Set(["alice"]);
    const tool = defineTool({
      name: "zod_async",
      description: "x",
      parameters: z.object({
        user: z.string().refine(async (name) => !taken.has(name), "user name is taken"),
      }),
      execute: () => ({ content: [] }),
    });
    const pending = safeValidateToolArguments(tool, call({ user: "alice" }));
    expect(pending).toBeInstanceOf(Promise);
    const result = await pending;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain("  - user: user name is taken");
    await expect(safeValidateToolArguments(tool, call({ user: "bob" }))).resolves.toEqual({
      ok: true,
      params: { user: "bob" },
      changes: [],
    });
  });
});

describe("validateToolArguments", () => {
  it("should throw, naming safeValidateToolArguments, when validation would be asynchronous", () => {
    const tool = defineTool({
      name: "zod_async",
      description: "x",
      parameters: z.object({ user: z.string().refine(async () => true) }),
      execute: () => ({ content: [] }),
    });
    expect(() => validateToolArguments(tool, call({ user: "bob" }))).toThrow(
      /validates its arguments asynchronously: use safeValidateToolArguments/,
    );
  });
});
