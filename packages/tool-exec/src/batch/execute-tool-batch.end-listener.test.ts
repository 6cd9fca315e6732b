import { describe, expect, it } from "vitest";
import { createMemoryJournal } from "../journal/create-memory-journal";
import { loadSuspendedToolBatch } from "../journal/load-suspended-tool-batch";
import { expectComplete, firstText } from "../test-support";
import {
  call,
  createExecutionLog,
  createReadAndSend,
  expectSuspended,
} from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { recoverToolBatch } from "./recover-tool-batch";
import type { ToolExecutionEvent } from "./tool-events";

const failEndOf = (callId: string) => (event: ToolExecutionEvent) => {
  if (event.type === "tool_execution_end" && event.toolCallId === callId) {
    throw new Error("end listener down");
  }
};

describe("a failing tool_execution_end listener with a journal", () => {
  it("should journal the call's own outcome while the live result becomes the listener's error", async () => {
    const executions = createExecutionLog();
    const { read } = createReadAndSend(executions);
    const journal = createMemoryJournal();
    const live = expectComplete(
      await executeToolBatch([call("c1", "read")], {
        tools: [read],
        journal,
        batchId: "end",
        onEvent: failEndOf("c1"),
      }),
    );
    expect(live.outcomes[0]).toMatchObject({ errorType: "event_listener_error" });
    expect(firstText(live.outcomes[0]?.result ?? { content: [] })).toBe("end listener down");
    const settled = (await journal.read("end")).find((record) => record.t === "settled");
    expect(settled).toMatchObject({ t: "settled", callId: "c1", outcome: { isError: false } });
    const recovered = expectComplete(await recoverToolBatch("end", { tools: [read], journal }));
    expect(recovered.outcomes[0]).toMatchObject({ isError: false });
    expect(executions.executed).toEqual(["c1"]);
  });

  it("should keep the listener's error in the returned suspended state and the call's own outcome in the journal-loaded one", async () => {
    const executions = createExecutionLog();
    const { read, send } = createReadAndSend(executions);
    const journal = createMemoryJournal();
    const suspended = expectSuspended(
      await executeToolBatch([call("c1", "read"), call("c2", "send")], {
        tools: [read, send],
        journal,
        batchId: "end-held",
        onEvent: failEndOf("c1"),
      }),
    );
    const loaded = await loadSuspendedToolBatch(journal, "end-held");
    const outcomeOf = (state: typeof loaded) => {
      const entry = state.calls[0];
      return entry?.status === "settled" ? entry.outcome : undefined;
    };
    expect(outcomeOf(suspended.state)).toMatchObject({
      isError: true,
      errorType: "event_listener_error",
    });
    expect(outcomeOf(loaded)).toMatchObject({
      isError: false,
      result: { content: [{ text: "done c1" }] },
    });
    expect(outcomeOf(loaded)).not.toHaveProperty("errorType");
  });
});
