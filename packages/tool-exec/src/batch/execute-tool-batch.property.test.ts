/**
 * A fast-check property: random batches (mode, concurrency limit, lock keys) through random faults
 * — tools that throw Errors or other values, return garbage, never settle (ended by a timeout),
 * call onUpdate late; hostile values (a result whose getter throws, a Proxy, a revoked Proxy, a
 * value that changes between reads) returned by the tool, by either hook or by `lockKeys`; hooks
 * that block, throw or rewrite; listeners that throw; aborts at random points. Whatever happens,
 * the batch resolves (never rejects), every call gets exactly one start, end and result with its
 * own id and name, results come in source order, every error outcome names its `errorType`, the
 * limits were never exceeded and nothing rejects unhandled.
 */
import type { Tool, ToolContext, ToolUpdate } from "@toolwright/tool-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolCall, expectComplete, firstText } from "../test-support";
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
  "hostile-getter",
  "hostile-proxy",
  "hostile-revoked",
  "hostile-changing",
] as const;
type Hostile = "getter" | "proxy" | "revoked" | "changing";

/** A value that fails whoever reads it more than once, or at all. */
function createHostile(kind: Hostile, fields: Record<string, unknown>): object {
  switch (kind) {
    case "getter":
      return Object.defineProperty({ ...fields }, "content", {
        get() {
          throw new Error("boom");
        },
        enumerable: true,
      });
    case "proxy":
      return new Proxy(fields, {
        get() {
          throw new TypeError("trap");
        },
        has() {
          throw new TypeError("trap");
        },
      });
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable(fields, {});
      revoke();
      return proxy;
    }
    case "changing": {
      // Valid on the first read of each field, garbage on every later one.
      const seen = new Set<PropertyKey>();
      return new Proxy(fields, {
        get(target, key) {
          if (seen.has(key)) return { not: "what you read before" };
          seen.add(key);
          return Reflect.get(target, key);
        },
      });
    }
  }
}
type Behaviour = (typeof behaviours)[number];

interface CallPlan {
  readonly tool: "worker" | "serial" | "missing";
  readonly behaviour: Behaviour;
  readonly keys: readonly string[];
  readonly before: "none" | "block" | "block-terminate" | "throw" | "async-allow" | "hostile";
  readonly after: "none" | "throw" | "rewrite" | "reject" | "hostile";
  readonly hostile: Hostile;
  readonly hostileKeys: boolean;
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
    "hostile",
  ),
  after: fc.constantFrom("none", "none", "none", "throw", "rewrite", "reject", "hostile"),
  hostile: fc.constantFrom<Hostile>("getter", "proxy", "revoked", "changing"),
  hostileKeys: fc.constantFrom(false, false, false, false, false, true),
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
        hostileKeys: { type: "string" },
      },
      required: ["behaviour", "keys"],
    },
    timeoutMs: 5,
    ...(sequential ? { executionMode: "sequential" as const } : {}),
    lockKeys: (params: unknown) => {
      const { keys, hostileKeys } = params as { keys: string[]; hostileKeys?: Hostile };
      return hostileKeys === undefined ? keys : createHostile(hostileKeys, keys as never);
    },
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
    case "hostile-getter":
      return finish(createHostile("getter", text));
    case "hostile-proxy":
      return finish(createHostile("proxy", text));
    case "hostile-revoked":
      return finish(createHostile("revoked", text));
    case "hostile-changing":
      return finish(createHostile("changing", text));
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
              : {
                  behaviour: call.behaviour,
                  keys: call.keys,
                  ...(call.hostileKeys ? { hostileKeys: call.hostile } : {}),
                },
          ),
        );
        const planById = new Map(plan.calls.map((call, index) => [`call-${index}`, call]));
        const controller = new AbortController();
        const events: ToolExecutionEvent[] = [];
        const ended = new Set<string>();
        let updatesAfterEnd = 0;
        const result = expectComplete(
          await executeToolBatch(calls, {
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
                case "hostile": {
                  const plan = planById.get(toolCall.id) as CallPlan;
                  return createHostile(plan.hostile, { block: true, reason: "hostile" }) as never;
                }
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
                case "hostile": {
                  const plan = planById.get(toolCall.id) as CallPlan;
                  return createHostile(plan.hostile, {
                    content: [{ type: "text", text: "hostile" }],
                  }) as never;
                }
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
          }),
        );
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
        for (const outcome of result.outcomes) {
          expect(outcome.errorType !== undefined).toBe(outcome.isError);
        }
        // A result the tool made hostile never reaches the messages as it was returned.
        for (const [index, call] of plan.calls.entries()) {
          const outcome = result.outcomes[index];
          if (
            call.tool !== "missing" &&
            !call.badArguments &&
            call.before === "none" &&
            call.after === "none" &&
            !call.hostileKeys &&
            call.behaviour.startsWith("hostile") &&
            call.behaviour !== "hostile-changing" &&
            plan.abortAfterEvents === undefined
          ) {
            expect(outcome?.errorType).toBe("invalid_result");
          }
          if (call.hostileKeys && outcome?.errorType === "lock_keys_error") {
            expect(firstText(outcome.result)).toMatch(/^lockKeys of tool \w+ /);
          }
        }
        // Everything that reaches the model is plain data: serialising it cannot throw.
        expect(() => JSON.stringify(result.messages)).not.toThrow();
        expect(unhandled).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 60_000);
});
