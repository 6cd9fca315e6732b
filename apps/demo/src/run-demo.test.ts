import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getCurrentTools, parseTranscript } from "@toolwright/transcript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoEvent } from "./demo-event";
import type { DemoResult } from "./run-demo";
import { runDemo } from "./run-demo";
import type { Sleep } from "./tools";

/** A promise with its resolve function, for ordering without wall-clock sleeps. */
function createDeferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe("runDemo", () => {
  const events: DemoEvent[] = [];
  let output = "";
  let result: DemoResult;
  let directory: string;
  let sandbox: string;
  let outFile: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-demo-test-"));
    sandbox = join(directory, "sandbox");
    outFile = join(directory, "transcript.jsonl");
    // slow_task's first step waits until every other call of its batch has ended, so the
    // completion order is decided by the test, not by timers.
    const othersEnded = createDeferred();
    const ended = new Set<string>();
    const sleep: Sleep = async () => {
      await othersEnded.promise;
    };
    result = await runDemo(
      {
        out: outFile,
        sandbox,
        sleep,
        onEvent(event) {
          events.push(event);
          if (event.type === "tool_execution_end") ended.add(event.toolCallId);
          if (["call_3_2", "call_3_3", "call_3_4"].every((id) => ended.has(id)))
            othersEnded.resolve();
        },
      },
      {
        write: (text) => {
          output += text;
        },
        isTTY: false,
        color: false,
      },
    );
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const resultOf = (toolCallId: string) => {
    const event = events.find(
      (candidate) =>
        candidate.type === "tool_result" && candidate.message.toolCallId === toolCallId,
    );
    if (event?.type !== "tool_result") throw new Error(`no result for ${toolCallId}`);
    const text = event.message.content
      .map((part) => (part.type === "text" ? part.text : ""))
      .join("");
    return { message: event.message, text };
  };
  const batchEvents = (turn: number) =>
    events.flatMap((event) =>
      "turn" in event && event.turn === turn && event.type.startsWith("tool_")
        ? [
            `${event.type.replace("tool_execution_", "")}:${"toolCallId" in event ? event.toolCallId : event.type === "tool_result" ? event.message.toolCallId : ""}`,
          ]
        : [],
    );

  it("should stop on terminate after nine model requests", () => {
    expect(result.reason).toBe("terminate");
    const end = events.find((event) => event.type === "loop_end");
    expect(end).toMatchObject({ type: "loop_end", reason: "terminate", turn: 9 });
    expect(resultOf("call_9_1").text).toBe(
      "Finished: Report written to report.md and counted; data/numbers.csv kept, the deletion was denied.",
    );
  });

  it("should run the harmless call, suspend on delete_file, and save the state as JSON in the sandbox", async () => {
    expect(batchEvents(8)).toEqual([
      "start:call_8_1",
      "start:call_8_2",
      "tool_approval_requested:call_8_2",
      "end:call_8_1",
      "tool_batch_suspended:",
      "tool_approval_resolved:call_8_2",
      "end:call_8_2",
      "tool_result:call_8_1",
      "tool_result:call_8_2",
    ]);
    const saved = events.find((event) => event.type === "batch_state_saved");
    if (saved?.type !== "batch_state_saved") throw new Error("no batch_state_saved event");
    expect(saved.path).toBe(join(sandbox, ".approvals", `${saved.batchId}.json`));
    const state = JSON.parse(await readFile(saved.path, "utf8"));
    expect(state).toMatchObject({
      type: "toolwright.suspended-batch",
      version: 1,
      batchId: saved.batchId,
      revision: 0,
      mode: "parallel",
      calls: [
        { toolCall: { id: "call_8_1", name: "list_dir" }, status: "settled" },
        {
          toolCall: { id: "call_8_2", name: "delete_file" },
          status: "awaiting_approval",
          approval: { reason: "deletes data/numbers.csv for good" },
        },
      ],
    });
    expect(saved.bytes).toBe(Buffer.byteLength(await readFile(saved.path, "utf8")));
    expect(resultOf("call_8_1").text).toBe("numbers.csv\ntodo.md");
  });

  it("should deny by default without a decider, and the denial text reaches the model", async () => {
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "tool_approval_resolved",
        toolCallId: "call_8_2",
        decision: "deny",
        by: "default",
      }),
    );
    const denied = resultOf("call_8_2");
    expect(denied.message.isError).toBe(true);
    expect(denied.text).toBe("Tool delete_file was not executed: the user denied the call.");
    expect(await readFile(join(sandbox, "data", "numbers.csv"), "utf8")).toContain("n,square");
    // The model's next request carried the denial: its transcript has it before turn 9's message.
    const denialIndex = result.messages.findIndex(
      (message) => message.role === "toolResult" && message.toolCallId === "call_8_2",
    );
    const finishIndex = result.messages.findIndex(
      (message) =>
        message.role === "assistant" &&
        message.content.some((part) => part.type === "toolCall" && part.id === "call_9_1"),
    );
    expect(denialIndex).toBeGreaterThan(-1);
    expect(denialIndex).toBeLessThan(finishIndex);
  });

  it("should coerce sloppy arguments and report each change", () => {
    const coercions = events.filter((event) => event.type === "coercions");
    const changes = Object.fromEntries(
      coercions.map((event) => [
        event.toolCallId,
        event.type === "coercions"
          ? event.changes.map(({ path, from, to }) => ({ path, from, to }))
          : [],
      ]),
    );
    expect(changes.call_1_1).toEqual(
      expect.arrayContaining([
        { path: "/value", from: 42, to: "42" },
        { path: "/repeat", from: "2", to: 2 },
        { path: "/uppercase", from: "true", to: true },
      ]),
    );
    expect(changes.call_1_2).toEqual([{ path: "/maxLines", from: "3", to: 3 }]);
    expect(changes.call_1_3).toEqual([{ path: "/path", from: null, to: undefined }]);
    expect(changes.call_1_4).toEqual([{ path: "/value", from: "5", to: 5 }]);
    expect(resultOf("call_1_4").text).toBe("5 km = 3.11 mi");
    expect(resultOf("call_1_1").text).toBe("42 42");
    expect(resultOf("call_1_2").text.split("\n")).toHaveLength(4);
    expect(resultOf("call_1_3").text).toBe(".env\ndata/\nnotes.txt");
  });

  it("should report a validation error and broken JSON to the model without running anything", () => {
    expect(resultOf("call_2_1").text).toBe(
      'Validation failed for tool "slow_task":\n  - steps: expected integer, got string\n\nReceived arguments:\n{\n  "label": "index notes",\n  "steps": "several"\n}',
    );
    expect(resultOf("call_2_2").text).toMatch(
      /^Invalid arguments for tool "calculator": Tool arguments are not valid JSON: [^\n]+\n\nReceived arguments:\n\{"expression": "sqrt\(2\) \* 100"$/,
    );
    expect(resultOf("call_2_3").text).toBe(
      'Validation failed for tool "convert_units":\n  - to: cannot convert kg (mass) to mi (length)\n\nReceived arguments:\n{\n  "value": 20,\n  "from": "kg",\n  "to": "mi"\n}',
    );
    for (const id of ["call_2_1", "call_2_2", "call_2_3"]) {
      expect(resultOf(id).message).toMatchObject({ isError: true });
      expect(resultOf(id).message.durationMs).toBeUndefined();
    }
  });

  it("should run the fixed calls in parallel: ends in completion order, results in source order", () => {
    expect(resultOf("call_3_1").message.isError).toBe(false);
    expect(resultOf("call_3_1").text).toBe("index notes: done in 3 steps");
    expect(resultOf("call_3_2").text).toBe("sqrt(2) * 100 = 141.42");
    const order = batchEvents(3);
    const starts = order.filter((entry) => entry.startsWith("start:"));
    const ends = order.filter((entry) => entry.startsWith("end:"));
    const results = order.filter((entry) => entry.startsWith("tool_result:"));
    expect(starts).toEqual([
      "start:call_3_1",
      "start:call_3_2",
      "start:call_3_3",
      "start:call_3_4",
    ]);
    expect(ends.at(-1)).toBe("end:call_3_1");
    expect(results).toEqual([
      "tool_result:call_3_1",
      "tool_result:call_3_2",
      "tool_result:call_3_3",
      "tool_result:call_3_4",
    ]);
    expect(order.filter((entry) => entry === "update:call_3_1")).toHaveLength(3);
    expect(order.lastIndexOf("update:call_3_1")).toBeLessThan(order.indexOf("end:call_3_1"));
    expect(order.indexOf("tool_result:call_3_1")).toBeGreaterThan(order.indexOf("end:call_3_1"));
    const batchEnd = events.find((event) => event.type === "batch_end" && event.turn === 3);
    expect(batchEnd).toMatchObject({
      resultOrder: ["call_3_1", "call_3_2", "call_3_3", "call_3_4"],
    });
  });

  it("should block a write outside the sandbox before it runs", async () => {
    const blocked = resultOf("call_4_2");
    expect(blocked.message.isError).toBe(true);
    expect(blocked.message.durationMs).toBeUndefined();
    expect(blocked.text).toBe(
      'Blocked by policy: write_file may only touch files inside the sandbox, and "../outside.txt" is outside it.',
    );
    await expect(stat(join(directory, "outside.txt"))).rejects.toThrow(/ENOENT/);
  });

  it("should redact the secret before the model sees it", () => {
    const redacted = resultOf("call_4_1").text;
    expect(redacted).toContain("API_KEY=[redacted]");
    expect(redacted).not.toContain("sk-demo");
    expect(events).toContainEqual({
      type: "redacted",
      toolCallId: "call_4_1",
      toolName: "read_file",
      secrets: 1,
    });
  });

  it("should fail the calls of a cut-off message without running them", () => {
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "batch_end",
        turn: 5,
        mode: "truncated",
        errorTypes: ["truncated_tool_call"],
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "tool_execution_end",
        toolCallId: "call_5_1",
        errorType: "truncated_tool_call",
      }),
    );
    expect(resultOf("call_5_1").text).toBe(
      'Tool call "write_file" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
    );
  });

  it("should run the sequential writer one call at a time, behind the file queue", async () => {
    expect(batchEvents(6)).toEqual([
      "start:call_6_1",
      "end:call_6_1",
      "tool_result:call_6_1",
      "start:call_6_2",
      "end:call_6_2",
      "tool_result:call_6_2",
    ]);
    const report = await readFile(join(sandbox, "report.md"), "utf8");
    expect(report).toBe(
      "# Report\n\n- sqrt(2) * 100 = 141.42\n- files in data/: numbers.csv, todo.md\n- notes indexed in 3 steps\n",
    );
    expect(resultOf("call_7_1").text).toBe("report.md: 5 lines, 20 words, 101 characters");
  });

  it("should declare the tool set into the transcript, and the mid-session change", () => {
    const declared = events.filter((event) => event.type === "tools_declared");
    expect(
      declared.map((event) =>
        event.type === "tools_declared" ? [event.turn, event.toolsAdded, event.toolsRemoved] : [],
      ),
    ).toEqual([
      [
        1,
        [
          "read_file",
          "write_file",
          "delete_file",
          "list_dir",
          "calculator",
          "convert_units",
          "slow_task",
          "echo",
          "finish",
        ],
        [],
      ],
      [7, ["word_count"], ["slow_task"]],
    ]);
    const modes = events.find((event) => event.type === "provider_modes");
    expect(modes).toMatchObject({
      turn: 7,
      modes: [
        { support: "none", foldedSystemMessages: 2, inPlace: [] },
        { support: "additions", foldedSystemMessages: 2, inPlace: [] },
        {
          support: "changes",
          requestTools: [],
          foldedSystemMessages: 0,
          inPlace: expect.arrayContaining(["-slow_task", "+word_count"]),
        },
      ],
    });
  });

  it("should write JSONL that replays to the final tool set", async () => {
    const text = await readFile(outFile, "utf8");
    const replayed = getCurrentTools(parseTranscript(text)).map((tool) => tool.name);
    expect(replayed).toEqual([
      "read_file",
      "write_file",
      "delete_file",
      "list_dir",
      "calculator",
      "convert_units",
      "echo",
      "finish",
      "word_count",
    ]);
    expect(replayed).toEqual(result.finalTools);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "replay", matchesRegistry: true }),
    );
  });

  it("should print plain readable output without colours when the output is not a TTY", () => {
    expect(output).not.toContain("\u001b[");
    for (const heading of [
      "Sloppy arguments, coerced",
      "timeline",
      "completion order",
      "terminate",
    ]) {
      expect(output).toContain(heading);
    }
  });
});
