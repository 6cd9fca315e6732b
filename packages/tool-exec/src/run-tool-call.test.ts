import {
  defineSeam,
  provideSeam,
  type Tool,
  ToolRegistry,
  validateToolArguments,
} from "@toolwright/tool-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import type { AfterToolCallResult } from "./hooks";
import { runToolCall } from "./run-tool-call";
import {
  createDeferred,
  createToolCall,
  echoTool,
  firstText,
  flushMicrotasks,
} from "./test-support";
import { ToolRunnerSeam } from "./tool-runner-seam";

function countingTool(overrides: Partial<Tool> = {}): Tool & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name: "count",
    description: "Counts calls",
    parameters: { type: "object", properties: { n: { type: "integer" } } },
    execute(params) {
      calls.push(params);
      return { content: [{ type: "text", text: "ok" }] };
    },
    ...overrides,
    calls,
  } as Tool & { calls: unknown[] };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runToolCall", () => {
  it("should return the tool's result paired with the call's id and name", async () => {
    const outcome = await runToolCall(createToolCall("call-1", "echo", { value: "Pi" }), {
      tools: [echoTool],
    });
    expect(outcome.toolCall.id).toBe("call-1");
    expect(outcome.result).toEqual({
      content: [{ type: "text", text: "Pi" }],
      details: { source: "echo" },
    });
    expect(outcome.isError).toBe(false);
    expect(Number.isInteger(outcome.durationMs)).toBe(true);
  });

  it("should accept a ToolRegistry as well as an array", async () => {
    const outcome = await runToolCall(createToolCall("1", "echo", { value: "x" }), {
      tools: new ToolRegistry([echoTool]),
    });
    expect(firstText(outcome.result)).toBe("x");
  });

  describe("step 1: abort", () => {
    it("should end with Operation aborted and run nothing when the signal already aborted", async () => {
      const tool = countingTool();
      const before = vi.fn();
      const controller = new AbortController();
      controller.abort();
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        signal: controller.signal,
        beforeToolCall: before,
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: ABORTED_TEXT }],
        details: {},
        isError: true,
      });
      expect(outcome).not.toHaveProperty("durationMs");
      expect(tool.calls).toHaveLength(0);
      expect(before).not.toHaveBeenCalled();
    });
  });

  describe("step 2: lookup", () => {
    it("should name the tool as the model wrote it when it is unknown", async () => {
      const outcome = await runToolCall(createToolCall("call-9", "Echo"), { tools: [echoTool] });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: toolNotFoundText("Echo") }],
        details: {},
        isError: true,
      });
      expect(firstText(outcome.result)).toBe("Tool Echo not found");
      expect(outcome.toolCall.name).toBe("Echo");
      expect(outcome).not.toHaveProperty("durationMs");
    });
  });

  describe("step 3: prepareArguments", () => {
    it("should validate what prepareArguments returns, not the raw arguments", async () => {
      const tool = countingTool({
        prepareArguments: (raw) => ({ n: raw.count }),
      });
      const outcome = await runToolCall(createToolCall("1", "count", { count: "7" }), {
        tools: [tool],
      });
      expect(outcome.isError).toBe(false);
      expect(tool.calls).toEqual([{ n: 7 }]);
    });

    it("should end with the thrown message when prepareArguments throws", async () => {
      const tool = countingTool({
        prepareArguments: () => {
          throw new Error("old argument shape");
        },
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(firstText(outcome.result)).toBe("old argument shape");
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe("step 4: validation", () => {
    it("should coerce the model's slips before execute", async () => {
      const tool = countingTool();
      await runToolCall(createToolCall("1", "count", { n: "42" }), { tools: [tool] });
      expect(tool.calls).toEqual([{ n: 42 }]);
    });

    it("should end with the ToolArgumentsError message as is, before any hook", async () => {
      const tool = countingTool();
      const before = vi.fn();
      const call = createToolCall("1", "count", { n: "4x" });
      const expected = (() => {
        try {
          validateToolArguments(tool, call);
        } catch (error) {
          return (error as Error).message;
        }
        return "no error";
      })();
      const outcome = await runToolCall(call, { tools: [tool], beforeToolCall: before });
      expect(firstText(outcome.result)).toBe(expected);
      expect(expected).toMatch(/^Validation failed for tool "count":\n {2}- n: /);
      expect(before).not.toHaveBeenCalled();
      expect(tool.calls).toHaveLength(0);
      expect(outcome).not.toHaveProperty("durationMs");
    });

    it("should report the arguments error of a call whose text was not JSON", async () => {
      const outcome = await runToolCall(
        { ...createToolCall("1", "echo"), argumentsError: "Unexpected end of JSON input" },
        { tools: [echoTool] },
      );
      expect(firstText(outcome.result)).toBe(
        'Invalid arguments for tool "echo": Unexpected end of JSON input',
      );
    });
  });

  describe("step 5: beforeToolCall", () => {
    it("should see the raw call, the validated args and the application context", async () => {
      const before = vi.fn();
      const call = createToolCall("1", "count", { n: "3" });
      await runToolCall(call, {
        tools: [countingTool()],
        beforeToolCall: before,
        context: { user: "ada" },
      });
      const [context, signal] = before.mock.calls[0] as [Record<string, unknown>, AbortSignal];
      expect(context.toolCall).toBe(call);
      expect(context.args).toEqual({ n: 3 });
      expect(context.coercions).toEqual([]);
      expect(context.context).toEqual({ user: "ada" });
      expect(signal).toBeInstanceOf(AbortSignal);
    });

    it.each([
      [{ block: true, reason: "Blocked by policy" }, "Blocked by policy"],
      [{ block: true }, BLOCKED_TEXT],
      [{ block: true, reason: "" }, BLOCKED_TEXT],
    ])("should block with %j → %s", async (decision, text) => {
      const tool = countingTool();
      const after = vi.fn();
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        beforeToolCall: async () => decision,
        afterToolCall: after,
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text }],
        details: {},
        isError: true,
      });
      expect(tool.calls).toHaveLength(0);
      expect(after).not.toHaveBeenCalled();
      expect(outcome).not.toHaveProperty("durationMs");
    });

    it("should carry terminate on a blocked result only when the hook asked for it", async () => {
      const blocked = await runToolCall(createToolCall("1", "count"), {
        tools: [countingTool()],
        beforeToolCall: () => ({ block: true, terminate: true }),
      });
      expect(blocked.result.terminate).toBe(true);
      const allowed = await runToolCall(createToolCall("1", "count"), {
        tools: [countingTool()],
        beforeToolCall: () => ({ terminate: true }),
      });
      expect(allowed.result.terminate).toBeUndefined();
      expect(allowed.isError).toBe(false);
    });

    it.each([
      [
        "a throw",
        () => {
          throw new Error("policy store down");
        },
      ],
      ["a rejection", () => Promise.reject(new Error("policy store down"))],
    ])("should turn %s into an error result with its message", async (_name, hook) => {
      const tool = countingTool();
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        beforeToolCall: hook,
      });
      expect(firstText(outcome.result)).toBe("policy store down");
      expect(tool.calls).toHaveLength(0);
    });

    it("should check the signal again after the hook", async () => {
      const tool = countingTool();
      const controller = new AbortController();
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        signal: controller.signal,
        beforeToolCall: async () => {
          controller.abort();
        },
      });
      expect(firstText(outcome.result)).toBe(ABORTED_TEXT);
      expect(tool.calls).toHaveLength(0);
    });
  });

  describe("step 6: execute", () => {
    it.each([
      ["an Error", new Error("exploded"), "exploded"],
      ["a TypeError", new TypeError("bad type"), "bad type"],
      ["a string", "plain string", "plain string"],
      ["a number", 42, "42"],
      ["an object with message", { message: "from object" }, "from object"],
      ["a plain object", { code: 7 }, '{"code":7}'],
      ["undefined", undefined, "undefined"],
      ["null", null, "null"],
    ])("should turn a throw of %s into an error result", async (_name, thrown, text) => {
      const tool = countingTool({
        execute: () => {
          throw thrown;
        },
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text }],
        details: {},
        isError: true,
      });
      expect(Number.isInteger(outcome.durationMs)).toBe(true);
    });

    it("should turn a rejection into an error result", async () => {
      const tool = countingTool({ execute: async () => Promise.reject(new Error("async boom")) });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(firstText(outcome.result)).toBe("async boom");
    });

    it.each([
      ["undefined", undefined],
      ["a string", "done"],
      ["null", null],
      ["an array", []],
      ["an object without content", { details: 1 }],
      ["content that is not an array", { content: "text" }],
      ["a part of unknown type", { content: [{ type: "video" }] }],
      ["a text part without text", { content: [{ type: "text" }] }],
    ])("should turn a result that is %s into an error result", async (_name, returned) => {
      const tool = countingTool({ execute: () => returned as never });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(/^Tool count returned an invalid result: /);
    });

    it("should keep a failure the tool reports with isError and its data", async () => {
      const tool = countingTool({
        execute: () => ({
          content: [{ type: "text", text: "3 tests failed" }],
          details: { failed: 3 },
          isError: true,
        }),
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(true);
      expect(outcome.result.details).toEqual({ failed: 3 });
    });

    it("should count only isError === true as an error", async () => {
      const tool = countingTool({
        execute: () => ({ content: [], isError: "yes" as unknown as boolean }),
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(false);
    });

    it("should time execute only, with an integer duration", async () => {
      let clock = 1000;
      vi.spyOn(performance, "now").mockImplementation(() => clock);
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: () => {
              clock += 25.4;
              return { content: [] };
            },
          }),
        ],
        beforeToolCall: () => {
          clock += 1000;
        },
        afterToolCall: () => {
          clock += 1000;
          return undefined;
        },
      });
      expect(outcome.durationMs).toBe(25);
    });

    it("should give the tool its call id, the call and a signal even without a run signal", async () => {
      const seen: unknown[] = [];
      const call = createToolCall("call-7", "count");
      await runToolCall(call, {
        tools: [
          countingTool({
            execute: (_params, context) => {
              seen.push(context.toolCallId, context.toolCall, context.signal.aborted);
              return { content: [] };
            },
          }),
        ],
      });
      expect(seen).toEqual(["call-7", call, false]);
    });

    it("should give the tool a private copy of the arguments", async () => {
      const args = { n: 1 };
      await runToolCall(createToolCall("1", "count", args), {
        tools: [
          countingTool({
            execute: (params) => {
              (params as { n: number }).n = 99;
              return { content: [] };
            },
          }),
        ],
      });
      expect(args).toEqual({ n: 1 });
    });
  });

  describe("step 7: afterToolCall", () => {
    const original = {
      content: [{ type: "text" as const, text: "secret=hunter2" }],
      details: { kept: true },
      structuredContent: { value: "original" },
      usage: { inputTokens: 1, outputTokens: 2 },
    };
    const tool = countingTool({ execute: () => original });

    it.each<[string, AfterToolCallResult, unknown]>([
      [
        "only content drops structuredContent",
        { content: [{ type: "text", text: "x" }] },
        undefined,
      ],
      [
        "structuredContent replaces it",
        { structuredContent: { value: "replaced" } },
        { value: "replaced" },
      ],
      [
        "content and structuredContent replace both",
        { content: [{ type: "text", text: "x" }], structuredContent: { value: "both" } },
        { value: "both" },
      ],
      ["details alone keep it", { details: { note: "kept" } }, { value: "original" }],
    ])("should replace whole fields: %s", async (_name, patch, structuredContent) => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => patch,
      });
      expect(outcome.result.structuredContent).toEqual(structuredContent);
    });

    it("should replace arrays and objects whole, never merging them", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({
          content: [{ type: "text", text: "secret=[redacted]" }],
          details: { other: 1 },
        }),
      });
      expect(outcome.result.content).toEqual([{ type: "text", text: "secret=[redacted]" }]);
      expect(outcome.result.details).toEqual({ other: 1 });
      expect(outcome.result.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
    });

    it("should let null replace a field while undefined keeps it", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ details: null, usage: undefined }),
      });
      expect(outcome.result.details).toBeNull();
      expect(outcome.result.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
    });

    it("should let the hook turn a success into an error and set terminate", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ isError: true, terminate: true }),
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.result.terminate).toBe(true);
    });

    it("should see the result, the validated args and isError", async () => {
      const after = vi.fn();
      await runToolCall(createToolCall("1", "count", { n: "5" }), {
        tools: [tool],
        afterToolCall: after,
      });
      const [context] = after.mock.calls[0] as [Record<string, unknown>];
      expect(context.result).toBe(original);
      expect(context.args).toEqual({ n: 5 });
      expect(context.isError).toBe(false);
    });

    it("should run after a throwing execute, seeing the error result", async () => {
      const after = vi.fn(() => ({ content: [{ type: "text" as const, text: "rewritten" }] }));
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: () => {
              throw new Error("boom");
            },
          }),
        ],
        afterToolCall: after,
      });
      expect(after).toHaveBeenCalledOnce();
      expect((after.mock.calls[0] as unknown as [{ isError: boolean }])[0].isError).toBe(true);
      expect(firstText(outcome.result)).toBe("rewritten");
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("redactor crashed");
        },
      ],
      ["rejects", () => Promise.reject(new Error("redactor crashed"))],
    ])(
      "should turn a hook that %s into an error result that keeps durationMs",
      async (_name, hook) => {
        const outcome = await runToolCall(createToolCall("1", "count"), {
          tools: [tool],
          afterToolCall: hook,
        });
        expect(outcome.result).toEqual({
          content: [{ type: "text", text: "redactor crashed" }],
          details: {},
          isError: true,
        });
        expect(Number.isInteger(outcome.durationMs)).toBe(true);
      },
    );

    it("should turn content the hook cannot return into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ content: null as never }),
      });
      expect(firstText(outcome.result)).toBe(
        "afterToolCall returned an invalid result for tool count: content must be an array, got null",
      );
    });
  });

  describe("tools with output: { schema, render }", () => {
    const weather: Tool = {
      name: "weather",
      description: "Weather for a city",
      parameters: { type: "object", properties: { city: { type: "string" } } },
      output: {
        schema: {
          type: "object",
          properties: { city: { type: "string" }, celsius: { type: "number" } },
          required: ["city", "celsius"],
          additionalProperties: false,
        },
        render: (value) => {
          const { city, celsius } = value as { city: string; celsius: number };
          return `${city}: ${celsius} °C`;
        },
      },
      execute: (params) => ({ city: String((params as { city?: unknown }).city), celsius: 21 }),
    };

    it("should render the validated value into content and keep it as structuredContent", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather", { city: "Oslo" }), {
        tools: [weather],
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "Oslo: 21 °C" }],
        structuredContent: { city: "Oslo", celsius: 21 },
      });
    });

    it("should turn a value that does not match the schema into an error naming the issues", async () => {
      const broken: Tool = { ...weather, execute: () => ({ city: "Oslo", celsius: "warm" }) };
      const render = vi.spyOn(broken.output as unknown as { render: () => string }, "render");
      const outcome = await runToolCall(createToolCall("1", "weather"), { tools: [broken] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(
        /^Output of tool "weather" does not match its schema:\n {2}- celsius: /,
      );
      expect(render).not.toHaveBeenCalled();
    });

    it("should show the hook the unrendered value and render the value it rewrote", async () => {
      const seen: unknown[] = [];
      const outcome = await runToolCall(createToolCall("1", "weather", { city: "Oslo" }), {
        tools: [weather],
        afterToolCall: ({ result }) => {
          seen.push(result.content, result.structuredContent);
          return { structuredContent: { city: "[redacted]", celsius: 21 } };
        },
      });
      expect(seen).toEqual([[], { city: "Oslo", celsius: 21 }]);
      expect(firstText(outcome.result)).toBe("[redacted]: 21 °C");
      expect(outcome.result.structuredContent).toEqual({ city: "[redacted]", celsius: 21 });
    });

    it("should hold a rewritten value to the schema too", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [weather],
        afterToolCall: () => ({ structuredContent: { city: 1 } }),
      });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(/does not match its schema/);
    });

    it("should not render when the hook returned content itself", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [weather],
        afterToolCall: () => ({ content: [{ type: "text", text: "hand-written" }] }),
      });
      expect(outcome.result).toEqual({ content: [{ type: "text", text: "hand-written" }] });
    });

    it("should turn a throwing render into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [
          {
            ...weather,
            output: {
              schema: weather.output?.schema ?? {},
              render: () => {
                throw new Error("template missing");
              },
            },
          } as Tool,
        ],
      });
      expect(firstText(outcome.result)).toBe("template missing");
      expect(outcome.isError).toBe(true);
    });

    it("should accept content parts from render", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [
          {
            ...weather,
            output: {
              schema: weather.output?.schema ?? {},
              render: () => [
                { type: "text", text: "a" },
                { type: "text", text: "b" },
              ],
            },
          } as Tool,
        ],
      });
      expect(outcome.result.content).toEqual([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]);
    });
  });

  describe("structuredContent of result tools with outputSchema", () => {
    const tool = countingTool({
      outputSchema: {
        type: "object",
        properties: { total: { type: "integer" } },
        required: ["total"],
        additionalProperties: false,
      },
      execute: () => ({ content: [], structuredContent: { total: "many" } }),
    });

    it("should turn structuredContent that does not match outputSchema into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(
        /^Output of tool "count" does not match its schema:/,
      );
    });

    it("should not check the structuredContent of a result the tool marked isError", async () => {
      const failing = countingTool({
        outputSchema: tool.outputSchema,
        execute: () => ({ content: [], structuredContent: { partial: true }, isError: true }),
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [failing] });
      expect(outcome.result.structuredContent).toEqual({ partial: true });
    });
  });

  describe("seams", () => {
    const ClockSeam = defineSeam<{ now(): number }>("clock");
    const clockTool = countingTool({
      seams: [ClockSeam],
      execute: (_params, context) => ({
        content: [{ type: "text", text: String(context.use(ClockSeam).now()) }],
      }),
    });

    it.each([
      ["pairs", [provideSeam(ClockSeam, { now: () => 7 })]],
      ["a Map", new Map([[ClockSeam, { now: () => 7 }]])],
    ])(
      "should give context.use the implementation the run provides as %s",
      async (_name, seams) => {
        const outcome = await runToolCall(createToolCall("1", "count"), {
          tools: [clockTool],
          seams: seams as never,
        });
        expect(firstText(outcome.result)).toBe("7");
      },
    );

    it("should end a call whose declared seam is not provided, naming it, without executing", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [clockTool] });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "Seam clock is not provided" }],
        details: {},
        isError: true,
      });
      expect(outcome).not.toHaveProperty("durationMs");
    });

    it("should turn context.use of an undeclared, unprovided seam into an error result", async () => {
      const undeclared = countingTool({
        execute: (_params, context) => {
          context.use(ClockSeam);
          return { content: [] };
        },
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [undeclared] });
      expect(firstText(outcome.result)).toBe("Seam clock is not provided");
    });
  });

  describe("nested calls through ToolRunnerSeam", () => {
    it("should run the nested call through the same hooks", async () => {
      const hookCalls: string[] = [];
      const outer = countingTool({
        name: "outer",
        execute: async (_params, context) => {
          const runner = context.use(ToolRunnerSeam);
          const allowed = await runner.runToolCall(createToolCall("n1", "echo", { value: "ok" }));
          const blocked = await runner.runToolCall(createToolCall("n2", "echo", { value: "rm" }));
          return {
            content: [
              { type: "text", text: `${firstText(allowed.result)}|${firstText(blocked.result)}` },
            ],
          };
        },
      });
      const outcome = await runToolCall(createToolCall("1", "outer"), {
        tools: [outer, echoTool],
        beforeToolCall: ({ toolCall, args }) => {
          hookCalls.push(toolCall.id);
          return args.value === "rm" ? { block: true, reason: "no rm" } : undefined;
        },
      });
      expect(firstText(outcome.result)).toBe("ok|no rm");
      expect(hookCalls).toEqual(["1", "n1", "n2"]);
    });
  });

  describe("onUpdate", () => {
    it("should pass partial results to the listener while the tool runs", async () => {
      const updates: unknown[] = [];
      const tool = countingTool({
        execute: (_params, context) => {
          context.onUpdate({ content: [{ type: "text", text: "Working..." }] });
          return { content: [] };
        },
      });
      await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        onUpdate: (partial, toolCall) => {
          updates.push([partial, toolCall.id]);
        },
      });
      expect(updates).toEqual([[{ content: [{ type: "text", text: "Working..." }] }, "1"]]);
    });

    it("should settle only after every async listener settled", async () => {
      const listenerDone = createDeferred();
      const order: string[] = [];
      const outcomePromise = runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              context.onUpdate({ content: [] });
              return { content: [] };
            },
          }),
        ],
        onUpdate: () => listenerDone.promise.then(() => void order.push("listener")),
      });
      void outcomePromise.then(() => order.push("outcome"));
      await flushMicrotasks();
      expect(order).toEqual([]);
      listenerDone.resolve();
      await outcomePromise;
      expect(order).toEqual(["listener", "outcome"]);
    });

    it("should ignore updates after the call settled, even from a kept unbound reference", async () => {
      const updates: unknown[] = [];
      let keptUpdate: ((partial: { content: [] }) => void) | undefined;
      await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              keptUpdate = context.onUpdate;
              return { content: [] };
            },
          }),
        ],
        onUpdate: (partial) => {
          updates.push(partial);
        },
      });
      expect(() => keptUpdate?.({ content: [] })).not.toThrow();
      expect(updates).toEqual([]);
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("ui gone");
        },
      ],
      ["rejects", () => Promise.reject(new Error("ui gone"))],
    ])("should turn a listener that %s into an error result", async (_name, listener) => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              context.onUpdate({ content: [] });
              return { content: [{ type: "text", text: "fine" }] };
            },
          }),
        ],
        onUpdate: listener,
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "ui gone" }],
        details: {},
        isError: true,
      });
    });
  });
});
