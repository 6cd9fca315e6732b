import { defineSeam, type Tool, type ToolContext, type ToolUpdate } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import type { ToolDispatchRequest } from "../dispatch/tool-dispatcher";
import { countingTool, createDeferred, createToolCall, echoTool } from "../test-support";
import { executeDispatchedCall } from "./execute-dispatched-call";
import { ToolRunnerSeam } from "./tool-runner-seam";

function requestFor(tool: Tool, args: Record<string, unknown> = {}): ToolDispatchRequest {
  return {
    v: 1,
    key: "batch-7:call-1",
    batchId: "batch-7",
    toolCall: createToolCall("call-1", tool.name, args),
    toolName: tool.name,
    args: args as ToolDispatchRequest["args"],
    replay: "never",
    attempt: 1,
  };
}

const never = new AbortController().signal;

describe("executeDispatchedCall", () => {
  it("runs execute with the request's key, the worker's attempt and its signal", async () => {
    let seen: ToolContext | undefined;
    const tool = countingTool({
      execute(_params, context) {
        seen = context;
        return { content: [{ type: "text", text: "ran" }] };
      },
    });
    const controller = new AbortController();
    const request = { ...requestFor(tool, { n: 1 }), key: "a key the coordinator chose" };
    const executed = await executeDispatchedCall(request, {
      tool,
      tools: [tool],
      signal: controller.signal,
      attempt: 3,
    });
    expect(executed).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "ran" }] },
    });
    expect(seen?.idempotencyKey).toBe("a key the coordinator chose");
    expect(seen?.attempt).toBe(3);
    expect(seen?.signal).toBe(controller.signal);
    expect(seen?.toolCallId).toBe("call-1");
  });

  it("reports a throw, and a rejection, as threw with the error", async () => {
    const error = new Error("disk full");
    for (const execute of [
      () => {
        throw error;
      },
      () => Promise.reject(error),
    ]) {
      const tool = countingTool({ execute });
      const executed = await executeDispatchedCall(requestFor(tool), {
        tool,
        tools: [tool],
        signal: never,
        attempt: 1,
      });
      expect(executed).toEqual({ status: "threw", error });
    }
  });

  it("does not execute a call whose signal already aborted, nor one whose seam is missing", async () => {
    const tool = countingTool();
    const controller = new AbortController();
    controller.abort();
    const aborted = await executeDispatchedCall(requestFor(tool), {
      tool,
      tools: [tool],
      signal: controller.signal,
      attempt: 1,
    });
    expect(aborted).toEqual({ status: "failed", errorType: "aborted", text: "Operation aborted" });
    const Clock = defineSeam<{ now(): number }>("clock");
    const seamed = countingTool({ seams: [Clock] });
    const missing = await executeDispatchedCall(requestFor(seamed), {
      tool: seamed,
      tools: [seamed],
      signal: never,
      attempt: 1,
    });
    expect(missing).toEqual({
      status: "failed",
      errorType: "seam_not_provided",
      text: "Seam clock is not provided",
    });
    expect(tool.calls).toEqual([]);
    expect(seamed.calls).toEqual([]);
  });

  it("gives the tool the worker's seams", async () => {
    const Clock = defineSeam<{ now(): number }>("clock");
    const tool = countingTool({
      seams: [Clock],
      execute: (_params, context) => ({
        content: [{ type: "text", text: String(context.use(Clock).now()) }],
      }),
    });
    const executed = await executeDispatchedCall(requestFor(tool), {
      tool,
      tools: [tool],
      seams: [[Clock, { now: () => 42 }]],
      signal: never,
      attempt: 1,
    });
    expect(executed).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "42" }] },
    });
  });

  it("waits for every update the listener is still sending before it returns, and ignores late ones", async () => {
    const sent: string[] = [];
    const write = createDeferred();
    let late: ((partial: ToolUpdate) => void) | undefined;
    const tool = countingTool({
      execute(_params, context) {
        context.onUpdate({ content: [{ type: "text", text: "step 1" }] });
        late = context.onUpdate;
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    let returned = false;
    const executing = executeDispatchedCall(requestFor(tool), {
      tool,
      tools: [tool],
      signal: never,
      attempt: 1,
      onUpdate: async (partial) => {
        await write.promise;
        sent.push(JSON.stringify(partial.content));
      },
    }).then((executed) => {
      returned = true;
      return executed;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(returned).toBe(false);
    write.resolve();
    expect((await executing).status).toBe("returned");
    expect(sent).toEqual(['[{"type":"text","text":"step 1"}]']);
    late?.({ content: [{ type: "text", text: "too late" }] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toHaveLength(1);
  });

  it("fails the call with update_listener_error when the listener fails, as a local call does", async () => {
    const tool = countingTool({
      execute(_params, context) {
        context.onUpdate({ content: [{ type: "text", text: "step 1" }] });
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const executed = await executeDispatchedCall(requestFor(tool), {
      tool,
      tools: [tool],
      signal: never,
      attempt: 1,
      onUpdate: () => Promise.reject(new Error("progress store down")),
    });
    expect(executed).toEqual({
      status: "failed",
      errorType: "update_listener_error",
      text: "progress store down",
    });
  });

  it("runs a nested call through the whole pipeline on the worker's tools", async () => {
    const outer = countingTool({
      name: "outer",
      seams: [ToolRunnerSeam],
      async execute(_params, context) {
        const nested = await context
          .use(ToolRunnerSeam)
          .runToolCall(createToolCall("inner-1", "echo", { value: "from the worker" }));
        return nested.result;
      },
    });
    const executed = await executeDispatchedCall(requestFor(outer), {
      tool: outer,
      tools: [outer, echoTool],
      signal: never,
      attempt: 1,
    });
    expect(executed.status).toBe("returned");
    expect(executed.status === "returned" && executed.value).toMatchObject({
      content: [{ type: "text", text: "from the worker" }],
    });
  });
});
