import type { ToolResult } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { restoreOutcome, serializeOutcome } from "./serialize-outcome";
import { makeToolCall } from "./state-test-support";

class Handle {
  readonly fd = 3;
}

function outcomeOf(result: ToolResult) {
  return { toolCall: makeToolCall("c1"), result, isError: result.isError === true };
}

describe("serializeOutcome", () => {
  it("should copy a JSON result as it is, with the outcome's fields", () => {
    const result: ToolResult = {
      content: [
        { type: "text", text: "hi" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
      ],
      details: { lines: [1, 2], nested: { ok: true } },
      structuredContent: { answer: 42 },
      usage: { inputTokens: 3 },
      isError: true,
      terminate: true,
    };
    const stored = serializeOutcome({
      ...outcomeOf(result),
      durationMs: 7,
      errorType: "tool_error",
      approval: { approvalId: "a1", decision: "approve", by: "ana" },
    });
    expect(stored).toStrictEqual({
      result,
      isError: true,
      durationMs: 7,
      errorType: "tool_error",
      approval: { approvalId: "a1", decision: "approve", by: "ana" },
    });
    expect(stored.result).not.toBe(result);
    expect(stored.result.details).not.toBe(result.details);
    expect(JSON.parse(JSON.stringify(stored))).toStrictEqual(stored);
  });

  it.each([
    { what: "a class instance", value: new Handle() },
    { what: "a function inside", value: { callback: () => 1 } },
    { what: "a bigint inside", value: [1n] },
    { what: "a non-finite number", value: { ratio: Number.NaN } },
  ])(
    "should store details and structuredContent that hold $what as null and name them in dropped",
    ({ value }) => {
      const stored = serializeOutcome(
        outcomeOf({
          content: [{ type: "text", text: "x" }],
          details: value,
          structuredContent: value,
        }),
      );
      expect(stored.result.details).toBeNull();
      expect(stored.result.structuredContent).toBeNull();
      expect(stored.dropped).toEqual(["details", "structuredContent"]);
      expect(JSON.parse(JSON.stringify(stored))).toStrictEqual(stored);
    },
  );

  it("should store a cyclic details as null and keep a JSON structuredContent", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const stored = serializeOutcome(
      outcomeOf({ content: [], details: cyclic, structuredContent: { ok: 1 } }),
    );
    expect(stored.result).toStrictEqual({
      content: [],
      details: null,
      structuredContent: { ok: 1 },
    });
    expect(stored.dropped).toEqual(["details"]);
  });

  it("should leave out a usage that is not JSON, and keep only the known fields of content parts", () => {
    const part = {
      type: "text",
      text: "x",
      extra: () => 1,
    } as unknown as ToolResult["content"][number];
    const stored = serializeOutcome(
      outcomeOf({ content: [part], usage: { inputTokens: 1n } as never, isError: false }),
    );
    expect(stored).toStrictEqual({
      result: { content: [{ type: "text", text: "x" }] },
      isError: false,
      dropped: ["usage"],
    });
  });
});

describe("restoreOutcome", () => {
  it("should rebuild the outcome from its stored form", () => {
    const toolCall = makeToolCall("c9");
    const outcome = {
      toolCall,
      result: { content: [{ type: "text" as const, text: "no" }], details: {}, isError: true },
      isError: true,
      errorType: "approval_denied" as const,
      approval: { approvalId: "a9", decision: "deny" as const, message: "not now" },
    };
    expect(restoreOutcome(toolCall, serializeOutcome(outcome))).toStrictEqual(outcome);
  });
});
