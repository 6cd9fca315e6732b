// A journal that fails under a batch (a database restart, a full disk): what the batch, the
// journal and recovery then promise. Written against the public entry only, so that it describes
// behaviour, not the files that implement it.
import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import {
  createMemoryJournal,
  executeToolBatch,
  type JournalRecord,
  listOpenToolBatches,
  recoverToolBatch,
  ToolBatchError,
  type ToolCallJournal,
} from "./index";

const call = (id: string, name = "send"): ToolCall => ({
  type: "toolCall",
  id,
  name,
  arguments: {},
});

/** A `never` tool (the default policy) that counts its executions per call id. */
function sendTool(executions: Map<string, number>): Tool {
  return {
    name: "send",
    description: "Sends something that must not be sent twice",
    parameters: { type: "object" },
    async execute(_params, context) {
      executions.set(context.toolCallId, (executions.get(context.toolCallId) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { content: [{ type: "text", text: `sent ${context.toolCallId}` }] };
    },
  };
}

/** The memory journal, with its next `failures` settles rejecting (a lost connection). */
function journalFailingSettles(failures: number): {
  journal: ToolCallJournal;
  kinds: (batchId: string) => Promise<string[]>;
} {
  const journal = createMemoryJournal();
  let left = failures;
  return {
    journal: {
      ...journal,
      settle(batchId, record) {
        if (left > 0) {
          left--;
          return Promise.reject(new Error("Connection terminated unexpectedly"));
        }
        return journal.settle(batchId, record);
      },
    },
    async kinds(batchId) {
      const records: readonly JournalRecord[] = await journal.read(batchId);
      return records.map((record) =>
        "callId" in record ? `${record.t}:${record.callId}` : record.t,
      );
    },
  };
}

describe("a batch whose journal fails a write", () => {
  it("should leave the batch open, without `completed`, when a settle failed", async () => {
    const executions = new Map<string, number>();
    const { journal, kinds } = journalFailingSettles(1);
    const rejection = await executeToolBatch([call("c0"), call("c1")], {
      tools: [sendTool(executions)],
      journal,
      batchId: "settle-fails",
      maxConcurrency: 1,
    }).catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(rejection)).toBe(true);
    expect(await kinds("settle-fails")).toEqual([
      "batch",
      "started:c0",
      "started:c1",
      "settled:c1",
    ]);
    expect(await listOpenToolBatches(journal)).toEqual(["settle-fails"]);
  });

  it("should say the batch started, name it and keep the cause when a write fails mid-way", async () => {
    const executions = new Map<string, number>();
    const { journal } = journalFailingSettles(1);
    const rejection = await executeToolBatch([call("c0")], {
      tools: [sendTool(executions)],
      journal,
      batchId: "mid-way",
    }).catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(rejection) && rejection.code).toBe("JOURNAL_UNAVAILABLE");
    const error = rejection as ToolBatchError;
    expect(error.batchId).toBe("mid-way");
    expect(error.batchStarted).toBe(true);
    expect(error.message).toMatch(/batch mid-way/);
    expect(error.message).toMatch(/recoverToolBatch/);
    expect((error.cause as Error).message).toBe("Connection terminated unexpectedly");
  });

  it("should say the batch did not start when the journal fails before anything ran", async () => {
    const executions = new Map<string, number>();
    const journal: ToolCallJournal = {
      ...createMemoryJournal(),
      lock: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
    };
    const rejection = await executeToolBatch([call("c0")], {
      tools: [sendTool(executions)],
      journal,
      batchId: "never-started",
    }).catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(rejection) && rejection.code).toBe("JOURNAL_UNAVAILABLE");
    expect((rejection as ToolBatchError).batchStarted).toBe(false);
    expect((rejection as ToolBatchError).batchId).toBe("never-started");
    expect((rejection as Error).message).toMatch(/nothing ran/);
    expect(executions.size).toBe(0);
  });

  it("should not execute a `never` call again when the batch is recovered after a failed settle", async () => {
    const executions = new Map<string, number>();
    const { journal } = journalFailingSettles(1);
    const tools = [sendTool(executions)];
    await executeToolBatch([call("c0"), call("c1")], {
      tools,
      journal,
      batchId: "recover-after-settle",
      maxConcurrency: 1,
    }).catch(() => {});
    const recovered = await recoverToolBatch("recover-after-settle", { tools, journal });
    expect(recovered.status).toBe("complete");
    expect([...executions.values()]).toEqual([1, 1]);
    const texts =
      recovered.status === "complete"
        ? recovered.messages.map((message) => (message.content[0] as { text: string }).text)
        : [];
    expect(texts[0]).toMatch(/was interrupted before its result was recorded/);
    expect(texts[1]).toBe("sent c1");
    expect(await listOpenToolBatches(journal)).toEqual([]);
  });
});

describe("recoverToolBatch on a completed batch", () => {
  it("should execute nothing and report a started call without outcome as interrupted", async () => {
    // A journal written before journals refused `completed` over an unsettled call.
    const store = createMemoryJournal();
    const at = "2026-12-01T14:00:00.000Z";
    const lock = await store.lock("legacy", "test");
    await store.append("legacy", [
      { t: "batch", v: 1, batchId: "legacy", at, mode: "parallel", calls: [call("c0")] },
      { t: "started", callId: "c0", attempt: 1, replay: "never", at },
    ]);
    await lock.release();
    const journal: ToolCallJournal = {
      ...store,
      async read(batchId) {
        return [...(await store.read(batchId)), { t: "completed", at }];
      },
    };
    const executions = new Map<string, number>();
    const recovered = await recoverToolBatch("legacy", {
      tools: [sendTool(executions)],
      journal,
    });
    expect(executions.size).toBe(0);
    expect(recovered.status).toBe("complete");
    if (recovered.status !== "complete") return;
    expect(recovered.outcomes[0]?.errorType).toBe("interrupted");
    expect(JSON.stringify(recovered.messages[0]?.content)).toMatch(
      /was interrupted before its result was recorded; it may or may not have taken effect/,
    );
  });
});
