/**
 * A fast-check property: random batches (mode, concurrency limit, lock keys) through random faults
 * — tools that throw Errors or other values, return garbage, never settle (ended by a timeout),
 * call onUpdate late; hooks that block, throw or rewrite; listeners that throw; aborts at random
 * points. Whatever happens, every call gets exactly one start, end and result with its own id and
 * name, results come in source order, the limits were never exceeded, nothing rejects unhandled,
 * and the batch finishes.
 */
import type { Tool, ToolContext, ToolUpdate } from "@toolwright/tool-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolCall } from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";
import type { ToolExecutionEvent } from "./tool-events";

const NUM_RUNS = 150;

const behaviours = [
  "ok",
  "async-ok",
  "throw-error",
  "throw-value",
  "reject",
  "garbage-string",
  "garbage-object",
  "hang",
  "hang-until-abort",
  "late-update",
  "update-then-ok",
] as const;
type Behaviour = (typeof behaviours)[number];

interface CallPlan {
  readonly tool: "worker" | "serial" | "missing";
  readonly behaviour: Behaviour;
  readonly keys: readonly string[];
  readonly before: "none" | "block" | "block-terminate" | "throw" | "async-allow";
  readonly after: "none" | "throw" | "rewrite" | "reject";
  readonly badArguments: boolean;
  readonly failUpdateListener: boolean;
}

const callPlan: fc.Arbitrary<CallPlan> = fc.record({
  tool: fc.constantFrom("worker", "worker", "worker", "worker", "worker", "serial", "missing"),
  behaviour: fc.constantFrom(...behaviours),
  keys: fc.subarray(["a", "b", "c"]),
  before: fc.constantFrom(
    "none",
    "none",
    "none",
    "none",
    "block",
    "block-terminate",
    "throw",
    "async-allow",
  ),
  after: fc.constantFrom("none", "none", "none", "throw", "rewrite", "reject"),
  badArguments: fc.constantFrom(false, false, false, false, false, false, false, true),
  failUpdateListener: fc.boolean(),
});

const batchPlan = fc.record({
  mode: fc.constantFrom("parallel", "parallel", "sequential") as fc.Arbitrary<
    "parallel" | "sequential"
  >,
  maxConcurrency: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  calls: fc.array(callPlan, { maxLength: 10 }),
  // Most batches run to the end; one in four aborts after a random number of events.
  abortAfterEvents: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 30 }), weight: 1 },
  ),
});

/** What the tools observe while a batch runs. */
class Observer {
  active = 0;
  maxActive = 0;
  readonly heldKeys = new Map<string, number>();
  lockViolations = 0;

  enter(keys: readonly string[]): () => void {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    for (const key of keys) {
      if ((this.heldKeys.get(key) ?? 0) > 0) this.lockViolations++;
      this.heldKeys.set(key, (this.heldKeys.get(key) ?? 0) + 1);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
      for (const key of keys) this.heldKeys.set(key, (this.heldKeys.get(key) ?? 1) - 1);
    };
  }
}

function createWorker(name: string, observer: Observer, sequential: boolean): Tool {
  return {
    name,
    description: "Does what the plan says",
    parameters: {
      type: "object",
      properties: {
        behaviour: { type: "string" },
        keys: { type: "array", items: { type: "string" } },
      },
      required: ["behaviour", "keys"],
    },
    timeoutMs: 5,
    ...(sequential ? { executionMode: "sequential" as const } : {}),
    lockKeys: (params: unknown) => (params as { keys: string[] }).keys,
    execute: (params: unknown, context: ToolContext) => {
      const { behaviour, keys } = params as { behaviour: Behaviour; keys: string[] };
      // Lock keys only bind in parallel batches; a sequential batch runs one call at a time anyway.
      const leave = observer.enter(keys);
      context.signal.addEventListener("abort", leave);
      return runBehaviour(behaviour, context, leave);
    },
  } as unknown as Tool;
}

function runBehaviour(behaviour: Behaviour, context: ToolContext, leave: () => void): unknown {
  const text = { content: [{ type: "text", text: behaviour }] };
  const finish = <T>(value: T): T => {
    leave();
    return value;
  };
  switch (behaviour) {
    case "ok":
      return finish(text);
    case "async-ok":
      return Promise.resolve().then(() => finish(text));
    case "throw-error":
      leave();
      throw new Error("tool failed");
    case "throw-value":
      leave();
      throw { code: 42 };
    case "reject":
      return Promise.resolve().then(() => {
        leave();
        throw "rejected with a string";
      });
    case "garbage-string":
      return finish("not a result");
    case "garbage-object":
      return finish({ content: "nope" });
    case "hang":
      return new Promise(() => {});
    case "hang-until-abort":
      return new Promise((_resolve, reject) => {
        context.signal.addEventListener("abort", () => reject(context.signal.reason));
      });
    case "late-update": {
      const { onUpdate } = context;
      setTimeout(() => onUpdate({ content: [{ type: "text", text: "late" }] } as ToolUpdate), 0);
      return finish(text);
    }
    case "update-then-ok":
      context.onUpdate({ content: [{ type: "text", text: "progress" }] } as ToolUpdate);
      return Promise.resolve().then(() => finish(text));
  }
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};

beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});

afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

describe("executeToolBatch (property)", () => {
  it(`should pair every call with one result in source order, within the limits (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(batchPlan, async (plan) => {
        const observer = new Observer();
        const tools = [
          createWorker("worker", observer, false),
          createWorker("serial", observer, true),
        ];
        const calls = plan.calls.map((call, index) =>
          createToolCall(
            `call-${index}`,
            call.tool,
            call.badArguments
              ? { behaviour: 7, keys: { not: "an array" } }
              : { behaviour: call.behaviour, keys: call.keys },
          ),
        );
        const planById = new Map(plan.calls.map((call, index) => [`call-${index}`, call]));
        const controller = new AbortController();
        const events: ToolExecutionEvent[] = [];
        const ended = new Set<string>();
        let updatesAfterEnd = 0;
        const result = await executeToolBatch(calls, {
          tools,
          mode: plan.mode,
          maxConcurrency: plan.maxConcurrency,
          signal: controller.signal,
          timeoutMs: 50,
          timeoutGraceMs: 1,
          beforeToolCall: ({ toolCall }) => {
            switch (planById.get(toolCall.id)?.before) {
              case "block":
                return { block: true, reason: "policy" };
              case "block-terminate":
                return { block: true, terminate: true };
              case "throw":
                throw new Error("hook failed");
              case "async-allow":
                return Promise.resolve(undefined);
              default:
                return undefined;
            }
          },
          afterToolCall: ({ toolCall }) => {
            switch (planById.get(toolCall.id)?.after) {
              case "throw":
                throw new TypeError("after hook failed");
              case "reject":
                return Promise.reject(new Error("after hook rejected"));
              case "rewrite":
                return { content: [{ type: "text", text: "rewritten" }], terminate: true };
              default:
                return undefined;
            }
          },
          onEvent: (event) => {
            events.push(event);
            if (plan.abortAfterEvents !== undefined && events.length === plan.abortAfterEvents) {
              controller.abort();
            }
            if (event.type === "tool_execution_end") ended.add(event.toolCallId);
            if (event.type === "tool_execution_update") {
              if (ended.has(event.toolCallId)) updatesAfterEnd++;
              if (planById.get(event.toolCallId)?.failUpdateListener === true) {
                throw new Error("listener failed");
              }
            }
          },
        });
        // Let late onUpdate timers and abandoned tools run before judging.
        await new Promise((resolve) => setTimeout(resolve, 2));

        const ids = calls.map((call) => call.id);
        expect(result.messages.map((message) => message.toolCallId)).toEqual(ids);
        expect(result.messages.map((message) => message.toolName)).toEqual(
          calls.map((call) => call.name),
        );
        expect(result.outcomes.map((outcome) => outcome.toolCall.id)).toEqual(ids);
        const resultOrder = events.flatMap((event) =>
          event.type === "tool_result" ? [event.message.toolCallId] : [],
        );
        expect(resultOrder).toEqual(ids);
        for (const type of ["tool_execution_start", "tool_execution_end"] as const) {
          const seen = events.flatMap((event) => (event.type === type ? [event.toolCallId] : []));
          expect([...seen].sort()).toEqual([...ids].sort());
        }
        expect(updatesAfterEnd).toBe(0);
        const sequential =
          plan.mode === "sequential" || plan.calls.some((call) => call.tool === "serial");
        const limit = sequential ? 1 : (plan.maxConcurrency ?? Number.POSITIVE_INFINITY);
        expect(observer.maxActive).toBeLessThanOrEqual(limit);
        expect(observer.lockViolations).toBe(0);
        expect(typeof result.terminate).toBe("boolean");
        expect(unhandled).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});
