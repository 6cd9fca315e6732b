import { type Tool, ToolRegistry, validateToolArguments } from "@toolwright/tool-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countingTool, createToolCall, echoTool, firstText } from "../test-support";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import { runToolCall } from "./run-tool-call";

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

  it("should reject, not throw, when the tools array cannot become a registry", async () => {
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = runToolCall(createToolCall("1", "echo"), { tools: [echoTool, echoTool] });
    }).not.toThrow();
    await expect(pending).rejects.toThrow("Tool already registered: echo");
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
    it("should see the raw call, the validated args, the coercions and the application context", async () => {
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
      expect(context.coercions).toEqual([{ path: "/n", rule: "convert", from: "3", to: 3 }]);
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

    it.each([
      ["returns a block", () => ({ block: true, reason: "policy" })],
      [
        "throws",
        () => {
          throw new Error("policy store down");
        },
      ],
      ["resolves a block", async () => ({ block: true, terminate: true })],
    ])(
      "should end as Operation aborted when the hook aborts the run and %s",
      async (_name, decide) => {
        const controller = new AbortController();
        const tool = countingTool();
        const outcome = await runToolCall(createToolCall("1", "count"), {
          tools: [tool],
          signal: controller.signal,
          beforeToolCall: () => {
            controller.abort();
            return decide() as never;
          },
        });
        expect(outcome.result.content).toEqual([{ type: "text", text: ABORTED_TEXT }]);
        expect(outcome.errorType).toBe("aborted");
        expect(outcome.result.terminate).toBeUndefined();
        expect(tool.calls).toHaveLength(0);
      },
    );

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
    ])("should turn a result that is %s into an error result", async (_name, returned) => {
      const tool = countingTool({ execute: () => returned as never });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(/^Tool count returned an invalid result: /);
    });

    it("should fail only the bad block of a result, keeping the blocks beside it", async () => {
      const image = { type: "image", data: "AAAA", mimeType: "image/png" } as const;
      const tool = countingTool({
        execute: () =>
          ({
            content: [{ type: "text", text: "kept" }, { type: "video" }, { type: "text" }, image],
          }) as never,
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(false);
      expect(outcome.errorType).toBeUndefined();
      expect(outcome.result.content).toEqual([
        { type: "text", text: "kept" },
        {
          type: "text",
          text: '[invalid block 1: type must be one of "text", "image", "audio", "file", "resource_link", "resource"]',
        },
        { type: "text", text: "[invalid text block 2: text must be a string]" },
        image,
      ]);
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
});

describe("runToolCall with a Standard Schema whose validation is asynchronous", () => {
  // A schema as a library with async refinements exposes it: JSON Schema for the model and the
  // coercion, then the library's own validate, which answers with a Promise.
  const evenNumber = {
    "~standard": {
      version: 1 as const,
      vendor: "handwritten",
      validate: async (value: unknown) => {
        const { n } = value as { n: number };
        return n % 2 === 0
          ? { value: { n } }
          : { issues: [{ message: "must be even", path: ["n"] }] };
      },
      jsonSchema: {
        input: () => ({ type: "object", properties: { n: { type: "integer" } }, required: ["n"] }),
        output: () => ({ type: "object", properties: { n: { type: "integer" } }, required: ["n"] }),
      },
    },
  };
  const even = {
    name: "even",
    description: "Takes an even number",
    parameters: evenNumber,
    execute: (params: unknown) => ({
      content: [{ type: "text" as const, text: String((params as { n: number }).n) }],
    }),
  } as unknown as Tool;

  it("should wait for the validation, then run the tool with the coerced params", async () => {
    const outcome = await runToolCall(createToolCall("1", "even", { n: "4" }), { tools: [even] });
    expect(outcome.isError).toBe(false);
    expect(firstText(outcome.result)).toBe("4");
  });

  it("should end as invalid_arguments with the library's issue", async () => {
    const outcome = await runToolCall(createToolCall("1", "even", { n: 3 }), { tools: [even] });
    expect(outcome.errorType).toBe("invalid_arguments");
    expect(firstText(outcome.result)).toContain("must be even");
  });
});
