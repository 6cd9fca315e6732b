import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolCall } from "@toolwright/tool-core";
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import type { ToolExecutionEvent } from "@toolwright/tool-exec";
import { executeToolBatch } from "@toolwright/tool-exec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sleep } from ".";
import {
  calculatorTool,
  convertUnitsTool,
  createWorkspace,
  echoTool,
  finishTool,
  listDirTool,
  readFileTool,
  SleepSeam,
  slowTaskTool,
  WorkspaceSeam,
  wordCountTool,
  writeFileTool,
} from ".";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-tools-test-"));
  await writeFile(join(root, "a.txt"), "one\ntwo\nthree\n", "utf8");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const registry = new ToolRegistry([
  calculatorTool,
  convertUnitsTool,
  echoTool,
  finishTool,
  listDirTool,
  readFileTool,
  slowTaskTool,
  wordCountTool,
  writeFileTool,
]);
const noWait: Sleep = async () => {};

async function call(
  name: string,
  args: Record<string, unknown>,
  options: { sleep?: Sleep; signal?: AbortSignal } = {},
) {
  const events: ToolExecutionEvent[] = [];
  const toolCall: ToolCall = { type: "toolCall", id: "c1", name, arguments: args };
  const batch = await executeToolBatch([toolCall], {
    tools: registry,
    seams: [
      provideSeam(WorkspaceSeam, createWorkspace(root)),
      provideSeam(SleepSeam, options.sleep ?? noWait),
    ],
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onEvent: (event) => void events.push(event),
  });
  if (batch.status !== "complete") throw new Error("expected a completed batch");
  const outcome = batch.outcomes[0];
  const text = (outcome?.result.content ?? [])
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("");
  return { outcome, text, events, terminate: batch.terminate };
}

describe.each([
  ["readFileTool", "read_file", { path: "a.txt" }, "one\ntwo\nthree"],
  ["readFileTool", "read_file", { path: "a.txt", maxLines: 1 }, "one\n[2 more lines]"],
  ["listDirTool", "list_dir", {}, "a.txt"],
  ["wordCountTool", "word_count", { path: "a.txt" }, "a.txt: 3 lines, 3 words, 14 characters"],
  ["calculatorTool", "calculator", { expression: "2 ^ 10" }, "2 ^ 10 = 1024"],
  ["calculatorTool", "calculator", { expression: "1 / 3", precision: 3 }, "1 / 3 = 0.333"],
  ["echoTool", "echo", { value: "hi", repeat: 3, uppercase: true }, "HI HI HI"],
  ["convertUnitsTool", "convert_units", { value: 100, from: "C", to: "F" }, "100 C = 212.00 F"],
  [
    "convertUnitsTool",
    "convert_units",
    { value: "1", from: "lb", to: "g", precision: 1 },
    "1 lb = 453.6 g",
  ],
  ["finishTool", "finish", { summary: "ok" }, "Finished: ok"],
])("%s", (_tool, name, args, expected) => {
  it(`should answer ${JSON.stringify(args)} with ${JSON.stringify(expected)}`, async () => {
    const { outcome, text } = await call(name, args);
    expect(outcome?.isError).toBe(false);
    expect(text).toBe(expected);
  });
});

describe.each([
  ["readFileTool", "read_file", { path: "missing.txt" }, /ENOENT/],
  [
    "readFileTool",
    "read_file",
    { path: "../a.txt" },
    /^Path "\.\.\/a\.txt" is outside the sandbox$/,
  ],
  [
    "calculatorTool",
    "calculator",
    { expression: "2 +" },
    /^Expected a number, a name or "\(" at position 3, found the end$/,
  ],
  [
    "convertUnitsTool",
    "convert_units",
    { value: 1, from: "C", to: "kg" },
    /^Validation failed for tool "convert_units":\n {2}- to: cannot convert C \(temperature\) to kg \(mass\)\n/,
  ],
])("%s", (_tool, name, args, message) => {
  it(`should turn ${JSON.stringify(args)} into an error result`, async () => {
    const { outcome, text } = await call(name, args);
    expect(outcome?.isError).toBe(true);
    expect(text).toMatch(message);
  });
});

describe("calculatorTool", () => {
  it("should give its value to programs as structuredContent", async () => {
    const { outcome } = await call("calculator", { expression: "6 * 7" });
    expect(outcome?.result.structuredContent).toEqual({ expression: "6 * 7", value: 42 });
  });
});

describe("finishTool", () => {
  it("should vote to terminate, where echo does not", async () => {
    expect((await call("finish", { summary: "x" })).terminate).toBe(true);
    expect((await call("echo", { value: "x" })).terminate).toBe(false);
  });
});

describe("writeFileTool", () => {
  it("should write, then append behind the file queue, creating folders", async () => {
    await call("write_file", { path: "out/r.md", content: "a\n" });
    const appended = await call("write_file", { path: "out/r.md", content: "b\n", append: true });
    expect(appended.text).toBe("Appended to out/r.md (4 bytes)");
    expect(await readFile(join(root, "out/r.md"), "utf8")).toBe("a\nb\n");
  });
});

describe("slowTaskTool", () => {
  it("should stream progress from slow_task before it ends", async () => {
    const { events, text } = await call("slow_task", { label: "job", steps: 2 });
    expect(events.map((event) => event.type)).toEqual([
      "tool_execution_start",
      "tool_execution_update",
      "tool_execution_update",
      "tool_execution_end",
      "tool_result",
    ]);
    expect(text).toBe("job: done in 2 steps");
  });

  it("should stop slow_task early when its signal aborts", async () => {
    const controller = new AbortController();
    const abortOnSecondStep: Sleep = async () => {
      if (stepsTaken++ === 1) controller.abort();
    };
    let stepsTaken = 0;
    const { outcome, text } = await call(
      "slow_task",
      { label: "job", steps: 5 },
      {
        sleep: abortOnSecondStep,
        signal: controller.signal,
      },
    );
    expect(outcome?.isError).toBe(true);
    expect(text).toBe("job: stopped after 1/5 steps");
  });
});
