import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolApprovalRequest } from "@toolwright/tool-exec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalDecider } from "./approval";
import type { DemoEvent } from "./demo-event";
import type { DemoResult } from "./run-demo";
import { runDemo } from "./run-demo";

const instantSleep = async (): Promise<void> => {};

describe("runDemo, the approval turn answered yes", () => {
  const events: DemoEvent[] = [];
  const asked: ToolApprovalRequest[] = [];
  let output = "";
  let result: DemoResult;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-demo-approval-"));
    const approve: ApprovalDecider = async (request) => {
      asked.push(request);
      // The state is on disk before anyone is asked.
      expect(await readdir(join(directory, ".approvals"))).toEqual([`${request.batchId}.json`]);
      return { decision: "approve", by: "test reviewer" };
    };
    result = await runDemo(
      {
        sandbox: directory,
        sleep: instantSleep,
        approve,
        onEvent: (event) => void events.push(event),
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

  it("should ask once, with the validated arguments and the tool's reason", () => {
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      toolCall: { id: "call_8_2", name: "delete_file" },
      args: { path: "data/numbers.csv" },
      reason: "deletes data/numbers.csv for good",
    });
  });

  it("should run the approved deletion after the resume: the file is gone", async () => {
    await expect(stat(join(directory, "data", "numbers.csv"))).rejects.toThrow(/ENOENT/);
    const resumed = events.filter(
      (event) => "toolCallId" in event && event.toolCallId === "call_8_2",
    );
    expect(resumed.map((event) => event.type)).toEqual([
      "tool_execution_start",
      "tool_approval_requested",
      "tool_approval_resolved",
      "tool_execution_start",
      "tool_execution_end",
    ]);
    expect(resumed[2]).toMatchObject({ decision: "approve", by: "test reviewer" });
    expect(resumed[3]).toMatchObject({ resumed: true });
    const deleted = result.messages.find(
      (message) => message.role === "toolResult" && message.toolCallId === "call_8_2",
    );
    expect(deleted).toMatchObject({
      isError: false,
      content: [{ type: "text", text: "Deleted data/numbers.csv (21 bytes)" }],
    });
  });

  it("should let the model see the deletion in its last turn", () => {
    const finished = result.messages.find(
      (message) => message.role === "toolResult" && message.toolName === "finish",
    );
    expect(finished).toMatchObject({
      content: [
        {
          text: "Finished: Report written to report.md and counted; data/numbers.csv deleted.",
        },
      ],
    });
    expect(result.reason).toBe("terminate");
  });

  it("should print the suspension, the saved state and the decision", () => {
    expect(output).toContain("suspended  waiting for call_8_2");
    expect(output).toContain(join(directory, ".approvals"));
    expect(output).toMatch(/call_8_2 delete_file +awaiting_approval +"deletes data\/numbers.csv/);
    expect(output).toMatch(/decided delete_file call_8_2 +approve by test reviewer/);
    expect(output).toMatch(/resume +delete_file call_8_2/);
  });
});

describe("runDemo, the approval left without an answer", () => {
  it("should end the loop as suspended when the decider gives no answer (aborted while asking)", async () => {
    const directory = await mkdtemp(join(tmpdir(), "toolwright-demo-approval-"));
    try {
      const controller = new AbortController();
      const result = await runDemo(
        {
          sandbox: directory,
          sleep: instantSleep,
          signal: controller.signal,
          approve: async () => {
            controller.abort();
            return undefined;
          },
        },
        { write: () => {}, isTTY: false, color: false },
      );
      expect(result.reason).toBe("aborted");
      expect(await stat(join(directory, "data", "numbers.csv"))).toBeDefined();
      expect(
        result.messages.some(
          (message) => message.role === "toolResult" && message.toolCallId === "call_8_2",
        ),
      ).toBe(false);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
