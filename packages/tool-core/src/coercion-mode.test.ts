import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { defineTool } from "./define-tool";
import { safeValidateToolArguments } from "./safe-validate-tool-arguments";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolCall } from "./tool-call";
import { ToolError } from "./tool-error";
import { ToolRegistry } from "./tool-registry";
import { validateToolArguments } from "./validate-tool-arguments";

// SPEC §1.5: the tool layer repairs arguments losslessly by default; `coercion: "pi"` on a tool
// or a registry brings back Pi's rules, and the tool's own setting wins.
const parameters = Type.Object({
  path: Type.String(),
  limit: Type.Integer(),
  accept: Type.Boolean(),
  mode: Type.Optional(Type.Union([Type.Literal("read"), Type.Literal("write")])),
});

function makeTool(name: string, coercion?: "pi" | "lossless") {
  return defineTool({
    name,
    description: "Writes a file",
    parameters,
    ...(coercion === undefined ? {} : { coercion }),
    execute: () => ({ content: [] }),
  });
}

function call(name: string, argumentsObject: Record<string, unknown>): ToolCall {
  return { type: "toolCall", id: "call_1", name, arguments: argumentsObject };
}

const sloppy = { path: null, limit: "2.7", accept: null, mode: "WRITE" };
const piRepair = { path: "null", limit: 2, accept: false, mode: "WRITE" };

describe("coercion modes in tool-core", () => {
  it("should repair losslessly by default: nothing invented, the model told what to fix", () => {
    const tool = makeTool("write_default");
    const result = safeValidateToolArguments(tool, call(tool.name, sloppy));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain("path: expected string, got null");
    expect(result.error.message).toContain("limit: expected integer, got string");
    expect(result.error.message).toContain("accept: expected boolean, got null");
    const repaired = validateToolArguments(
      tool,
      call(tool.name, { path: "a.txt", limit: "3", accept: "TRUE", mode: "Write" }),
    );
    expect(repaired).toStrictEqual({ path: "a.txt", limit: 3, accept: true, mode: "write" });
  });

  it("should apply Pi's rules to a tool with coercion: 'pi'", () => {
    const tool = makeTool("write_pi", "pi");
    // Pi's rules do not case-fold enum members, so "WRITE" is the one remaining issue.
    const result = safeValidateToolArguments(tool, call(tool.name, sloppy));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.changes.map((change) => change.to)).toStrictEqual(["null", 2, false]);
    const { mode: _mode, ...rest } = sloppy;
    expect(validateToolArguments(tool, call(tool.name, rest))).toStrictEqual({
      path: piRepair.path,
      limit: piRepair.limit,
      accept: piRepair.accept,
    });
  });

  it("should apply a registry's coercion to its tools, and let a tool's own setting win", () => {
    const plain = makeTool("write_registry");
    const ownLossless = makeTool("write_own", "lossless");
    const registry = new ToolRegistry([plain, ownLossless], { coercion: "pi" });
    const { mode: _mode, ...rest } = sloppy;
    expect(registry.coercionOf(plain)).toBe("pi");
    expect(registry.coercionOf(ownLossless)).toBe("lossless");
    expect(registry.validateArguments(plain, call(plain.name, rest))).toStrictEqual({
      path: "null",
      limit: 2,
      accept: false,
    });
    expect(() => registry.validateArguments(ownLossless, call(ownLossless.name, rest))).toThrow(
      ToolArgumentsError,
    );
  });

  it("should validate one tool object by the mode of the registry that is asked", () => {
    // The same object in a Pi-mode registry and in a default one: each registry decides.
    const shared = makeTool("write_shared");
    const pi = new ToolRegistry([shared], { coercion: "pi" });
    const modern = new ToolRegistry([shared]);
    const { mode: _mode, ...rest } = sloppy;
    const lossless = modern.safeValidateArguments(shared, call(shared.name, rest));
    expect(lossless.ok).toBe(false);
    if (lossless.ok) return;
    expect(lossless.error.message).toContain("path: expected string, got null");
    expect(pi.validateArguments(shared, call(shared.name, rest))).toStrictEqual({
      path: "null",
      limit: 2,
      accept: false,
    });
    // Registering in a Pi-mode registry leaves the tool's standalone validation lossless.
    expect(() => validateToolArguments(shared, call(shared.name, rest))).toThrow(
      "path: expected string, got null",
    );
    // A registry built later does not change what an earlier one decided.
    new ToolRegistry([shared]);
    expect(pi.validateArguments(shared, call(shared.name, rest))).toMatchObject({ path: "null" });
  });

  it("should validate a tool it does not hold in its own mode", () => {
    const pi = new ToolRegistry([], { coercion: "pi" });
    const stranger = makeTool("write_stranger");
    const { mode: _mode, ...rest } = sloppy;
    expect(pi.validateArguments(stranger, call(stranger.name, rest))).toMatchObject({
      path: "null",
    });
    expect(new ToolRegistry().safeValidateArguments(stranger, call(stranger.name, rest)).ok).toBe(
      false,
    );
  });

  it("should refuse an unknown coercion mode on a tool or a registry", () => {
    const tool = { ...makeTool("write_bad"), coercion: "loose" } as unknown as ReturnType<
      typeof makeTool
    >;
    expect(() => new ToolRegistry([tool])).toThrow(ToolError);
    expect(() => new ToolRegistry([], { coercion: "loose" as never })).toThrow(
      /coercion must be "lossless" or "pi"/,
    );
  });
});
