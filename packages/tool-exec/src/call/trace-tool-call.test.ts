import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import type { Tool } from "@toolwright/tool-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { executeToolBatch } from "../batch/execute-tool-batch";
import { resumeToolBatch } from "../batch/resume-tool-batch";
import { createToolCall, echoTool, expectComplete } from "../test-support";
import { runToolCall } from "./run-tool-call";
import { ToolRunnerSeam } from "./tool-runner-seam";
import { startToolSpan, TRACER_NAME } from "./trace-tool-call";

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
});

afterAll(() => {
  trace.disable();
});

beforeEach(() => {
  exporter.reset();
});

const failing: Tool = {
  name: "failing",
  description: "Always throws",
  execute: () => {
    throw new RangeError("out of range");
  },
};

describe("startToolSpan", () => {
  it("should record one span per call with the GenAI attributes", async () => {
    await runToolCall(createToolCall("call-1", "echo", { value: "x" }), { tools: [echoTool] });
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span?.name).toBe("execute_tool echo");
    expect(span?.kind).toBe(SpanKind.INTERNAL);
    expect(span?.instrumentationScope.name).toBe(TRACER_NAME);
    expect(span?.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "echo",
      "gen_ai.tool.call.id": "call-1",
    });
    expect(span?.attributes["error.type"]).toBeUndefined();
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it.each([
    ["a thrown error", createToolCall("1", "failing"), "tool_error", "out of range"],
    ["an unknown tool", createToolCall("2", "missing"), "tool_not_found", "Tool missing not found"],
    [
      "invalid arguments",
      createToolCall("3", "echo", { value: { nested: true } }),
      "invalid_arguments",
      undefined,
    ],
  ])("should mark %s with error.type and status ERROR", async (_name, call, errorType, message) => {
    await runToolCall(call, { tools: [echoTool, failing] });
    const [span] = exporter.getFinishedSpans();
    expect(span?.attributes["error.type"]).toBe(errorType);
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    if (message !== undefined) expect(span?.status.message).toBe(message);
  });

  it("should mark a result the tool returned with isError as tool_error", async () => {
    const reporting: Tool = {
      name: "reporting",
      description: "Reports a failure",
      execute: () => ({ content: [{ type: "text", text: "2 failed" }], isError: true }),
    };
    await runToolCall(createToolCall("1", "reporting"), { tools: [reporting] });
    expect(exporter.getFinishedSpans()[0]?.attributes["error.type"]).toBe("tool_error");
  });

  it("should end every span of a parallel batch, blocked calls included", async () => {
    expectComplete(
      await executeToolBatch(
        [createToolCall("a", "echo", { value: "1" }), createToolCall("b", "echo", { value: "2" })],
        {
          tools: [echoTool],
          beforeToolCall: ({ toolCall }) => (toolCall.id === "b" ? { block: true } : undefined),
        },
      ),
    );
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.attributes["gen_ai.tool.call.id"]).sort()).toEqual(["a", "b"]);
    expect(
      spans.find((span) => span.attributes["gen_ai.tool.call.id"] === "b")?.attributes[
        "error.type"
      ],
    ).toBe("blocked");
  });

  it("should give a nested call its own span", async () => {
    const outer: Tool = {
      name: "outer",
      description: "Calls echo",
      execute: async (_params, context) => {
        await context
          .use(ToolRunnerSeam)
          .runToolCall(createToolCall("inner", "echo", { value: "x" }));
        return { content: [] };
      },
    };
    await runToolCall(createToolCall("outer", "outer"), { tools: [outer, echoTool] });
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      "execute_tool echo",
      "execute_tool outer",
    ]);
  });
});

describe("startToolSpan without a registered provider", () => {
  it("should start no span at all", () => {
    trace.disable();
    try {
      expect(startToolSpan(createToolCall("1", "echo"))).toBeUndefined();
    } finally {
      trace.setGlobalTracerProvider(
        new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
      );
    }
  });
});

describe("spans of calls awaiting approval", () => {
  it("should end a suspended call's span without error, marked pending, and give its execution after resume a span of its own", async () => {
    const send: Tool = { ...echoTool, name: "send", needsApproval: true };
    const first = await executeToolBatch([createToolCall("c1", "send", { value: "x" })], {
      tools: [send],
    });
    if (first.status !== "suspended") throw new Error("expected a suspended batch");
    const [pending] = exporter.getFinishedSpans();
    expect(pending?.attributes["toolwright.approval"]).toBe("pending");
    expect(pending?.attributes["error.type"]).toBeUndefined();
    expect(pending?.status.code).toBe(SpanStatusCode.UNSET);
    exporter.reset();
    const approvalId = first.pending[0]?.approvalId ?? "";
    await resumeToolBatch(first.state, [{ approvalId, decision: "approve" }], { tools: [send] });
    const [executed] = exporter.getFinishedSpans();
    expect(executed?.name).toBe("execute_tool send");
    expect(executed?.attributes["toolwright.approval"]).toBeUndefined();
  });
});

describe("spans of suspended calls ended by the resume", () => {
  const send: Tool = { ...echoTool, name: "send", needsApproval: true };

  async function suspendTwo(approval: { now?: () => number; ttlMs?: number } = {}) {
    const first = await executeToolBatch(
      [createToolCall("c1", "send", { value: "x" }), createToolCall("c2", "send", { value: "y" })],
      { tools: [send], approval },
    );
    if (first.status !== "suspended") throw new Error("expected a suspended batch");
    exporter.reset();
    return first;
  }

  const endings = () =>
    exporter.getFinishedSpans().map((span) => ({
      id: span.attributes["gen_ai.tool.call.id"],
      type: span.attributes["error.type"],
      status: span.status.code,
    }));

  it("should give a call denied at resume a span with error.type approval_denied", async () => {
    const first = await suspendTwo();
    await resumeToolBatch(
      first.state,
      [
        { approvalId: first.pending[0]?.approvalId ?? "", decision: "deny" },
        { approvalId: first.pending[1]?.approvalId ?? "", decision: "approve" },
      ],
      { tools: [send] },
    );
    expect(endings()).toEqual([
      { id: "c1", type: "approval_denied", status: SpanStatusCode.ERROR },
      { id: "c2", type: undefined, status: SpanStatusCode.UNSET },
    ]);
  });

  it("should give a call expired at resume a span with error.type approval_expired", async () => {
    let clock = Date.parse("2026-12-01T14:00:00.000Z");
    const now = () => clock;
    const first = await suspendTwo({ now, ttlMs: 1000 });
    clock += 1000;
    await resumeToolBatch(first.state, [], { tools: [send], approval: { now } });
    expect(endings()).toEqual([
      { id: "c1", type: "approval_expired", status: SpanStatusCode.ERROR },
      { id: "c2", type: "approval_expired", status: SpanStatusCode.ERROR },
    ]);
  });

  it("should give an awaiting call aborted at resume a span with error.type aborted", async () => {
    const first = await suspendTwo();
    const controller = new AbortController();
    controller.abort();
    await resumeToolBatch(first.state, [], { tools: [send], signal: controller.signal });
    expect(endings()).toEqual([
      { id: "c1", type: "aborted", status: SpanStatusCode.ERROR },
      { id: "c2", type: "aborted", status: SpanStatusCode.ERROR },
    ]);
  });
});
