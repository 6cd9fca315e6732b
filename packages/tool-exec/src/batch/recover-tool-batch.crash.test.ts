// Crash tests (SPEC §11, §13): a child process on the built package runs a batch with the file
// journal; the parent SIGKILLs it on its stdout marker `executing <id>`, then recovers the batch in
// this process and checks, through an effects file every execution appends to with fdatasync,
// what ran how often, with which attempt and idempotencyKey.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import { createFileJournal } from "../journal-file/create-file-journal";
import type { SuspendedBatch } from "../model/suspended-batch";
import { ToolBatchError } from "../model/tool-batch-error";
import { expectComplete, firstText } from "../test-support";
import { expectSuspended } from "./approval-test-support";
import {
  BUILT_ENTRY,
  type CrashSpec,
  type Effect,
  parentTools,
  readEffects,
  startChild,
} from "./crash-test-support";
import { recoverToolBatch } from "./recover-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";

let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(BUILT_ENTRY))
    throw new Error(`${BUILT_ENTRY} is missing: build the package first (pnpm build)`);
  root = await mkdtemp(join(tmpdir(), "toolwright-crash-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const calls = (tool: string) => [
  { id: "c1", tool: "never" },
  { id: "c2", tool },
  { id: "c3", tool: "never" },
];

const countOf = (effects: readonly Effect[], id: string) =>
  effects.filter((effect) => effect.id === id).length;

describe("recoverToolBatch after a SIGKILL", () => {
  it("should not run a replay: never call again, give it the interrupted text, and refuse a second process the lock", async () => {
    const dir = await mkdtemp(join(root, "never-"));
    const running = startChild(children, "run", dir, "b-never", {
      calls: calls("never"),
      hangOn: ["c2"],
    });
    await running.waitFor((line) => line === "executing c2");
    const journal = createFileJournal({ dir });
    // The child still holds the batch: another process cannot take it.
    await expect(
      recoverToolBatch("b-never", { tools: parentTools(dir), journal }),
    ).rejects.toSatisfy(
      (error) => ToolBatchError.isInstance(error) && error.code === "BATCH_LOCKED",
    );
    await running.kill();
    const done = expectComplete(
      await recoverToolBatch("b-never", { tools: parentTools(dir), journal }),
    );
    await journal.close();
    const effects = await readEffects(dir);
    for (const id of ["c1", "c2", "c3"]) expect(countOf(effects, id), id).toBe(1);
    expect(done.outcomes.map((outcome) => outcome.toolCall.id)).toEqual(["c1", "c2", "c3"]);
    expect(firstText(done.outcomes[1]?.result ?? { content: [] })).toBe(interruptedText("never"));
    expect(done.outcomes[1]?.errorType).toBe("interrupted");
  });

  it("should run a replay: safe call again with attempt 2 and the same idempotencyKey", async () => {
    const dir = await mkdtemp(join(root, "safe-"));
    const running = startChild(children, "run", dir, "b-safe", {
      calls: calls("safe"),
      hangOn: ["c2"],
    });
    await running.waitFor((line) => line === "executing c2");
    await running.kill();
    const journal = createFileJournal({ dir });
    const done = expectComplete(
      await recoverToolBatch("b-safe", { tools: parentTools(dir), journal }),
    );
    await journal.close();
    const runs = (await readEffects(dir)).filter((effect) => effect.id === "c2");
    expect(runs).toEqual([
      { id: "c2", attempt: 1, key: "b-safe:c2" },
      { id: "c2", attempt: 2, key: "b-safe:c2" },
    ]);
    expect(firstText(done.outcomes[1]?.result ?? { content: [] })).toBe("ran c2");
  });

  it("should stop a safe call that kills its process every time at maxAttempts (the crash-loop guard)", async () => {
    const dir = await mkdtemp(join(root, "loop-"));
    const spec: CrashSpec = { calls: calls("safe"), hangOn: ["c2"], maxAttempts: 3 };
    const first = startChild(children, "run", dir, "b-loop", spec);
    await first.waitFor((line) => line === "executing c2");
    await first.kill();
    for (let recovery = 0; recovery < 2; recovery++) {
      const again = startChild(children, "recover", dir, "b-loop", spec);
      await again.waitFor((line) => line === "executing c2");
      await again.kill();
    }
    const journal = createFileJournal({ dir });
    const done = expectComplete(
      await recoverToolBatch("b-loop", { tools: parentTools(dir), journal, maxAttempts: 3 }),
    );
    await journal.close();
    const runs = (await readEffects(dir)).filter((effect) => effect.id === "c2");
    expect(runs.map((effect) => effect.attempt)).toEqual([1, 2, 3]);
    expect(new Set(runs.map((effect) => effect.key))).toEqual(new Set(["b-loop:c2"]));
    expect(firstText(done.outcomes[1]?.result ?? { content: [] })).toBe(
      interruptedTimesText("safe", 3),
    );
  });

  it("should refuse a resume of a state another process already moved on (STALE_STATE)", async () => {
    const dir = await mkdtemp(join(root, "stale-"));
    const spec: CrashSpec = {
      calls: [
        { id: "g1", tool: "gated" },
        { id: "g2", tool: "gated" },
      ],
    };
    const suspending = startChild(children, "suspend", dir, "b-stale", spec);
    const line = await suspending.waitFor((text) => text.startsWith("state "));
    await suspending.exited;
    const state = JSON.parse(line.slice("state ".length)) as SuspendedBatch;
    const approvalIds = state.calls.flatMap((entry) =>
      entry.status === "awaiting_approval" ? [entry.approval.approvalId] : [],
    );
    const journal = createFileJournal({ dir });
    const tools = parentTools(dir);
    const partial = expectSuspended(
      await resumeToolBatch(state, [{ approvalId: approvalIds[0] ?? "", decision: "approve" }], {
        tools,
        journal,
      }),
    );
    expect(partial.state.revision).toBe(1);
    await expect(
      resumeToolBatch(state, [{ approvalId: approvalIds[1] ?? "", decision: "approve" }], {
        tools,
        journal,
      }),
    ).rejects.toSatisfy(
      (error) => ToolBatchError.isInstance(error) && error.code === "STALE_STATE",
    );
    await journal.close();
    expect((await readEffects(dir)).map((effect) => effect.id)).toEqual(["g1"]);
  });
});
