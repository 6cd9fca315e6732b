/**
 * The parallel batch's paths for many calls: a batch larger than a start slice, asynchronous
 * `beforeToolCall` answers the batch awaits itself (`prepareToolCallHeld`), and outcomes handed to
 * the scheduler through its shared callback — each compared with what `runToolCall` gives for the
 * same call, so the batch's shortcuts decide exactly as the single-call pipeline does.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Tool, ToolCall, ToolResult } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import type { BeforeToolCallHook } from "../call/hooks";
import { runToolCall } from "../call/run-tool-call";
import { createToolCall, echoTool, expectComplete, firstText, recordEvents } from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { START_SLICE } from "./tool-call-scheduler";
import type { ToolExecutionEvent } from "./tool-events";

/** How the hook answers call `index`: one kind per residue, so every kind occurs many times. */
const answers = [
  "allow",
  "reject",
  "block",
  "throwing-then",
  "throwing-getter",
  "sync-block",
  "allow-later",
] as const;

const answerFor = (toolCall: ToolCall) => answers[Number(toolCall.id) % answers.length];

const beforeToolCall: BeforeToolCallHook = ({ toolCall }) => {
  switch (answerFor(toolCall)) {
    case "reject":
      return Promise.reject(new Error(`no ${toolCall.id}`));
    case "block":
      return Promise.resolve({ block: true, reason: `blocked ${toolCall.id}` });
    case "throwing-then":
      // A thenable whose `then` throws: the hook's failure, read once.
      return {
        // biome-ignore lint/suspicious/noThenProperty: the hostile thenable under test
        then() {
          throw new Error("then threw");
        },
      } as never;
    case "throwing-getter":
      return Promise.resolve({
        get block(): boolean {
          throw new Error("getter threw");
        },
      });
    case "sync-block":
      return { block: true, reason: "sync" };
    case "allow-later":
      return new Promise((resolve) => setTimeout(() => resolve(undefined), 1));
    default:
      return Promise.resolve(undefined);
  }
};

/** What `echoTool` answers. */
function echo(params: unknown): ToolResult {
  const { value } = params as { value: string };
  return { content: [{ type: "text", text: value }], details: { source: "echo" } };
}

/** An echo tool that answers asynchronously for even ids and synchronously for odd ones. */
const mixedEcho: Tool = {
  ...echoTool,
  execute(params, context) {
    const result = echo(params);
    return Number(context.toolCallId) % 2 === 0 ? Promise.resolve(result) : result;
  },
};

function makeCalls(count: number): ToolCall[] {
  return Array.from({ length: count }, (_, index) =>
    createToolCall(String(index), "echo", { value: `v${index}` }),
  );
}

describe("executeToolBatch with more calls than a start slice", () => {
  it("should decide every asynchronous hook answer as runToolCall does, one result per call in source order", async () => {
    const calls = makeCalls(START_SLICE * 3 + 11);
    const options = { tools: [mixedEcho], beforeToolCall };
    const { events, onEvent } = recordEvents();
    const batch = expectComplete(await executeToolBatch(calls, { ...options, onEvent }));
    const single = await Promise.all(calls.map((call) => runToolCall(call, options)));

    expect(batch.messages.map((message) => message.toolCallId)).toEqual(calls.map((c) => c.id));
    expect(batch.outcomes.map((outcome) => outcome.toolCall)).toEqual(calls);
    const shape = (outcome: (typeof single)[number]) => ({
      text: firstText(outcome.result),
      isError: outcome.isError,
      errorType: outcome.errorType,
      ran: outcome.durationMs !== undefined,
    });
    expect(batch.outcomes.map(shape)).toEqual(single.map(shape));
    // Every kind of answer really occurred, with its own reason.
    const texts = batch.outcomes.map((outcome) => firstText(outcome.result));
    expect(texts).toContain("no 1");
    expect(texts).toContain("blocked 2");
    expect(texts).toContain("then threw");
    expect(texts).toContain("getter threw");
    expect(texts).toContain("sync");
    expect(texts).toContain("v0");
    expect(texts).toContain("v6");

    // Exactly one start and one end per call; every start before any execution's end.
    for (const type of ["tool_execution_start", "tool_execution_end", "tool_result"] as const) {
      const ids = events.filter((event) => event.type === type).map(idOf);
      expect([...ids].sort()).toEqual(calls.map((call) => call.id).sort());
    }
    const lastStart = events.findLastIndex((event) => event.type === "tool_execution_start");
    const ranEnds = events
      .map((event, index) => ({ event, index }))
      .filter(({ event }) => event.type === "tool_execution_end" && event.durationMs !== undefined);
    expect(ranEnds.length).toBeGreaterThan(0);
    for (const { index } of ranEnds) expect(index).toBeGreaterThan(lastStart);
  });

  it("should settle every asynchronous tool and afterToolCall answer of its own call, with calls interleaving", async () => {
    // Tool: even ids answer asynchronously after a random delay of turns (so calls finish out of
    // order and wait for their hooks at the same time), ids ≡ 1 (mod 3) reject; afterToolCall:
    // one kind per residue of 4, asynchronous except the last.
    const tool: Tool = {
      ...echoTool,
      async execute(params, context) {
        const id = Number(context.toolCallId);
        for (let turn = 0; turn < (id * 7) % 5; turn++) await Promise.resolve();
        if (id % 3 === 1) throw new Error(`tool ${id}`);
        return echo(params);
      },
    };
    const afterToolCall = async ({ toolCall }: { toolCall: ToolCall }) => {
      const id = Number(toolCall.id);
      for (let turn = 0; turn < (id * 3) % 4; turn++) await Promise.resolve();
      switch (id % 4) {
        case 0:
          return { content: [{ type: "text" as const, text: `patched ${id}` }] };
        case 1:
          throw new Error(`after ${id}`);
        case 2:
          return {
            get details(): unknown {
              throw new Error(`getter ${id}`);
            },
          };
        default:
          return undefined;
      }
    };
    const count = START_SLICE * 2 + 9;
    const batch = expectComplete(
      await executeToolBatch(makeCalls(count), { tools: [tool], afterToolCall }),
    );
    expect(batch.outcomes).toHaveLength(count);
    batch.outcomes.forEach((outcome, id) => {
      expect(outcome.toolCall.id).toBe(String(id));
      const text = firstText(outcome.result);
      const toolFailed = id % 3 === 1;
      switch (id % 4) {
        case 0:
          expect(text).toBe(`patched ${id}`);
          expect(outcome.isError).toBe(toolFailed);
          break;
        case 1:
          expect(text).toBe(`after ${id}`);
          expect(outcome.errorType).toBe("after_tool_call_error");
          break;
        case 2:
          expect(text).toContain(`getter ${id}`);
          expect(outcome.errorType).toBe("after_tool_call_error");
          break;
        default:
          expect(text).toBe(toolFailed ? `tool ${id}` : `v${id}`);
          expect(outcome.errorType).toBe(toolFailed ? "tool_error" : undefined);
      }
      expect(outcome.durationMs).toBeTypeOf("number");
    });
  });

  it("should end the calls of later slices as aborted when the signal fires while the first slice runs", async () => {
    const controller = new AbortController();
    const count = START_SLICE * 2 + 5;
    const tool: Tool = {
      ...echoTool,
      execute(params, context) {
        // The first call aborts the run a microtask later: the first slice has started by then,
        // the later slices have not (they are "not yet executing", SPEC §3.2).
        if (context.toolCallId === "0") queueMicrotask(() => controller.abort());
        return echo(params);
      },
    };
    const batch = expectComplete(
      await executeToolBatch(makeCalls(count), { tools: [tool], signal: controller.signal }),
    );
    const ran = batch.outcomes.filter((outcome) => outcome.durationMs !== undefined);
    const aborted = batch.outcomes.filter((outcome) => outcome.errorType === "aborted");
    expect(ran.length + aborted.length).toBe(count);
    // The whole first slice had started when the signal fired; none of the later ones had.
    expect(ran.map((outcome) => outcome.toolCall.id)).toEqual(
      Array.from({ length: START_SLICE }, (_, index) => String(index)),
    );
    expect(aborted.every((outcome) => firstText(outcome.result) === "Operation aborted")).toBe(
      true,
    );
  });

  it("should start the calls of every slice in the async context the batch was started in", async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const tool: Tool = {
      ...echoTool,
      execute(params) {
        seen.push(storage.getStore());
        return echo(params);
      },
    };
    const count = START_SLICE * 3 + 1;
    await storage.run("the batch's request", () =>
      executeToolBatch(makeCalls(count), { tools: [tool], afterToolCall: async () => undefined }),
    );
    expect(seen).toHaveLength(count);
    expect(new Set(seen)).toEqual(new Set(["the batch's request"]));
  });
});

function idOf(event: ToolExecutionEvent): string {
  if (event.type === "tool_result") return event.message.toolCallId;
  return "toolCallId" in event ? event.toolCallId : "";
}
