import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineSeam, type Tool, type ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { executeToolBatch } from "../batch/execute-tool-batch";
import type { ExecuteToolBatchOptions } from "../batch/execute-tool-batch-options";
import { failTruncatedToolCalls } from "../batch/fail-truncated-tool-calls";
import { createToolCall, echoTool, expectComplete } from "../test-support";
import { TOOL_CALL_ERROR_TYPES, type ToolCallErrorType } from "./tool-call-error-type";

const ClockSeam = defineSeam<{ now(): number }>("clock");
const valueTool = (render: () => unknown, value: unknown = { ok: true }): Tool => ({
  name: "value",
  description: "Returns a value",
  output: {
    schema: {
      type: "object",
      properties: { ok: { type: "boolean" } },
      additionalProperties: false,
    },
    render: render as never,
  },
  execute: () => value as never,
});
const tool = (overrides: Partial<Tool>): Tool =>
  ({ ...echoTool, name: "tool", ...overrides }) as Tool;
const call = (name = "tool", args: Record<string, unknown> = { value: "x" }): ToolCall =>
  createToolCall("1", name, args);
const aborted = (): AbortSignal => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

type Case = [
  ToolCallErrorType,
  ToolCall,
  Omit<ExecuteToolBatchOptions, "tools"> & { readonly tools: readonly Tool[] },
];

const cases: Case[] = [
  ["aborted", call(), { tools: [tool({})], signal: aborted() }],
  ["tool_not_found", call("missing"), { tools: [] }],
  [
    "prepare_arguments_error",
    call(),
    {
      tools: [
        tool({
          prepareArguments: () => {
            throw new Error("shim");
          },
        }),
      ],
    },
  ],
  ["invalid_arguments", call("tool", { value: { nested: true } }), { tools: [tool({})] }],
  [
    "before_tool_call_error",
    call(),
    {
      tools: [tool({})],
      beforeToolCall: () => {
        throw new Error("policy down");
      },
    },
  ],
  ["blocked", call(), { tools: [tool({})], beforeToolCall: () => ({ block: true }) }],
  ["seam_not_provided", call(), { tools: [tool({ seams: [ClockSeam] })] }],
  ["lock_keys_error", call(), { tools: [tool({ lockKeys: () => "a" as never })] }],
  [
    "timeout",
    call(),
    { tools: [tool({ execute: () => new Promise(() => {}) })], timeoutMs: 1, timeoutGraceMs: 0 },
  ],
  [
    "tool_error",
    call(),
    {
      tools: [
        tool({
          execute: () => {
            throw new Error("failed");
          },
        }),
      ],
    },
  ],
  [
    "update_listener_error",
    call(),
    {
      tools: [
        tool({
          execute: (_params, context) => {
            context.onUpdate({ content: [] });
            return { content: [] };
          },
        }),
      ],
      onEvent: (event) => {
        if (event.type === "tool_execution_update") throw new Error("listener");
      },
    },
  ],
  ["invalid_result", call(), { tools: [tool({ execute: () => "text" as never })] }],
  ["invalid_output", call("value"), { tools: [valueTool(() => "", { ok: "yes" })] }],
  [
    "after_tool_call_error",
    call(),
    {
      tools: [tool({})],
      afterToolCall: () => {
        throw new Error("after");
      },
    },
  ],
  [
    "render_error",
    call("value"),
    {
      tools: [
        valueTool(() => {
          throw new Error("render");
        }),
      ],
    },
  ],
  [
    "approval_denied",
    call(),
    {
      tools: [tool({ needsApproval: true })],
      approval: { decide: () => ({ decision: "deny" }) },
    },
  ],
  [
    "approval_error",
    call(),
    {
      tools: [
        tool({
          needsApproval: () => {
            throw new Error("policy down");
          },
        }),
      ],
    },
  ],
  [
    "event_listener_error",
    call(),
    {
      tools: [tool({})],
      onEvent: (event) => {
        if (event.type === "tool_execution_start") throw new Error("start listener");
      },
    },
  ],
];

describe("ToolCallErrorType", () => {
  it.each(cases)(
    "should give %s on the outcome, the end event and nowhere on success",
    async (errorType, toolCall, options) => {
      const ends: unknown[] = [];
      const batch = expectComplete(
        await executeToolBatch([toolCall], {
          ...options,
          onEvent: async (event) => {
            if (event.type === "tool_execution_end") ends.push(event.errorType);
            await options.onEvent?.(event);
          },
        }),
      );
      expect(batch.outcomes[0]).toMatchObject({ isError: true, errorType });
      expect(ends).toEqual([errorType]);
    },
  );

  it("should give truncated_tool_call for a cut-off message's calls", async () => {
    const batch = await failTruncatedToolCalls([call()], { tools: [tool({})] });
    expect(batch.outcomes[0]?.errorType).toBe("truncated_tool_call");
  });

  it("should have no errorType on a success", async () => {
    const batch = expectComplete(await executeToolBatch([call()], { tools: [tool({})] }));
    expect(batch.outcomes[0]).not.toHaveProperty("errorType");
  });

  it("should have a case above, and a row in the README, for every value", () => {
    // These have their own tests: expiry needs a resume, journal_error and interrupted a journal,
    // the last two a dispatcher (batch/*.journal, *.dispatch and recover-tool-batch tests).
    const covered = new Set([
      ...cases.map(([type]) => type),
      "truncated_tool_call",
      "approval_expired",
      "journal_error",
      "interrupted",
      "dispatch_failed",
      "invalid_request",
    ]);
    expect([...TOOL_CALL_ERROR_TYPES].filter((type) => !covered.has(type))).toEqual([]);
    const readme = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), "../../README.md"),
      "utf8",
    );
    const missing = TOOL_CALL_ERROR_TYPES.filter((type) => !readme.includes(`| \`${type}\` |`));
    expect(missing).toEqual([]);
  });
});
