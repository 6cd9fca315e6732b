// Every place a call's frame can wait before it executes, in every combination: the start event's
// listener, `prepareArguments`, the schema's validation, `beforeToolCall` and the approval
// verdict, each synchronous or asynchronous, in a parallel and a sequential batch, with and
// without a journal. Whatever waits, each call must end exactly as it does when nothing waits —
// no call lost, none ended twice, none hanging — and in the same order of end records.
import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createMemoryJournal } from "../journal/create-memory-journal";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import { createToolCall, expectComplete, firstText } from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";
import type { ToolExecutionEvent } from "./tool-events";

interface Waits {
  readonly startListener: boolean;
  readonly prepareArguments: boolean;
  readonly validation: boolean;
  readonly beforeToolCall: boolean;
  readonly decide: boolean;
}

const WAIT_POINTS = [
  "startListener",
  "prepareArguments",
  "validation",
  "beforeToolCall",
  "decide",
] as const;

/** How a waiting step's promise settles: in a later task, or already (its reaction is the next microtask). */
let settleIn: "task" | "microtask" = "task";

function later<T>(value: T, wait: boolean): T | Promise<T> {
  if (!wait) return value;
  if (settleIn === "microtask") return Promise.resolve(value);
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}

/** `n` even passes validation; 6 is blocked; 10 is approved and 12 denied by `decide`. */
function evenTool(waits: Waits): Tool {
  return {
    name: "even",
    description: "Takes an even number",
    parameters: {
      "~standard": {
        version: 1,
        vendor: "handwritten",
        validate: (value: unknown) => {
          const { n } = value as { n: unknown };
          const result =
            typeof n === "number" && n % 2 === 0
              ? { value: { n } }
              : { issues: [{ message: "must be even", path: ["n"] }] };
          return later(result, waits.validation);
        },
        jsonSchema: {
          input: () => ({ type: "object", properties: { n: { type: "integer" } } }),
          output: () => ({ type: "object", properties: { n: { type: "integer" } } }),
        },
      },
    },
    prepareArguments: (args: unknown) => later(args, waits.prepareArguments),
    lockKeys: (params: unknown) => [`parity-${(params as { n: number }).n % 4}`],
    needsApproval: (params: unknown) => (params as { n: number }).n >= 10,
    execute: async (params: unknown) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { content: [{ type: "text", text: `ran ${(params as { n: number }).n}` }] };
    },
  } as unknown as Tool;
}

const calls: ToolCall[] = [2, 3, 4, 6, 10, 12, 8, 14, 5, 16].map((n, index) =>
  createToolCall(`call-${index}`, "even", { n }),
);

async function runWith(waits: Waits, mode: ToolBatchMode, journaled: boolean) {
  const ends: string[] = [];
  const starts: string[] = [];
  const batch = await executeToolBatch(calls, {
    tools: [evenTool(waits)],
    mode,
    ...(journaled ? { journal: createMemoryJournal() } : {}),
    onEvent: (event: ToolExecutionEvent) => {
      if (event.type === "tool_execution_start") starts.push(event.toolCallId);
      if (event.type === "tool_execution_end") ends.push(event.toolCallId);
      if (event.type === "tool_execution_start" && waits.startListener) {
        return later(undefined, true);
      }
      return undefined;
    },
    beforeToolCall: ({ args }) =>
      later(
        (args as { n: number }).n === 6 ? { block: true, reason: "six" } : undefined,
        waits.beforeToolCall,
      ),
    approval: {
      decide: (request) => {
        const n = (request.args as { n: number }).n;
        return later(
          n === 12 ? { decision: "deny", message: "not twelve" } : { decision: "approve" },
          waits.decide,
        );
      },
    },
  });
  const outcome = expectComplete(batch);
  return {
    results: outcome.messages.map((message) => ({
      id: message.toolCallId,
      isError: message.isError,
      text: firstText(message),
    })),
    errorTypes: outcome.outcomes.map((entry) => entry.errorType ?? "ok"),
    approvals: outcome.outcomes.map((entry) => entry.approval?.decision ?? "-"),
    starts: [...starts].sort(),
    ends: [...ends].sort(),
  };
}

function combinations(): Waits[] {
  const all: Waits[] = [];
  for (let mask = 0; mask < 2 ** WAIT_POINTS.length; mask++) {
    const waits = Object.fromEntries(
      WAIT_POINTS.map((point, bit) => [point, (mask & (1 << bit)) !== 0]),
    ) as unknown as Waits;
    all.push(waits);
  }
  return all;
}

const NOTHING_WAITS: Waits = {
  startListener: false,
  prepareArguments: false,
  validation: false,
  beforeToolCall: false,
  decide: false,
};

describe("executeToolBatch: a call ends the same whichever of its steps wait", () => {
  it("ends each call as expected when nothing waits", async () => {
    const { results, errorTypes, approvals } = await runWith(NOTHING_WAITS, "parallel", false);
    expect(errorTypes).toEqual([
      "ok",
      "invalid_arguments",
      "ok",
      "blocked",
      "ok",
      "approval_denied",
      "ok",
      "ok",
      "invalid_arguments",
      "ok",
    ]);
    expect(approvals).toEqual([
      "-",
      "-",
      "-",
      "-",
      "approve",
      "deny",
      "-",
      "approve",
      "-",
      "approve",
    ]);
    expect(results.map((result) => result.id)).toEqual(calls.map((call) => call.id));
    expect(results[0]?.text).toBe("ran 2");
    expect(results[3]?.text).toBe("six");
    expect(results[5]?.text).toContain("not twelve");
  });

  for (const mode of ["parallel", "sequential"] as const) {
    for (const journaled of [false, true]) {
      for (const settle of ["task", "microtask"] as const) {
        it(`${mode}${journaled ? ", with a journal" : ""}, promises settled in a ${settle}: all ${2 ** WAIT_POINTS.length} combinations`, async () => {
          settleIn = settle;
          const expected = await runWith(NOTHING_WAITS, mode, journaled);
          expect(expected.ends).toEqual([...calls.map((call) => call.id)].sort());
          for (const waits of combinations()) {
            const actual = await runWith(waits, mode, journaled);
            expect({ waits, ...actual }).toEqual({ waits, ...expected });
          }
        });
      }
    }
  }
});
