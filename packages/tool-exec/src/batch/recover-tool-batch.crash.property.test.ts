/**
 * A bounded property over real crashes (SPEC §11, §13): random batches of `replay: "never"` and
 * `"safe"` calls with random durations run in a child process on the built package with the file
 * journal, and are SIGKILLed at a random moment (or allowed to finish); the parent then recovers
 * the batch. Whatever the moment: one result per call, in source order; no `never` call executed
 * twice; no `safe` call beyond `maxAttempts`; every `started` record eventually `settled`, once.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFileJournal } from "../journal-file/create-file-journal";
import { expectComplete } from "../test-support";
import {
  BUILT_ENTRY,
  type CrashSpec,
  parentTools,
  readEffects,
  startChild,
} from "./crash-test-support";
import { recoverToolBatch } from "./recover-tool-batch";

const NUM_RUNS = 24;
const MAX_ATTEMPTS = 3;

let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(BUILT_ENTRY))
    throw new Error(`${BUILT_ENTRY} is missing: build the package first (pnpm build)`);
  root = await mkdtemp(join(tmpdir(), "toolwright-crash-property-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const batchArbitrary = fc.record({
  calls: fc.array(
    fc.record({ tool: fc.constantFrom("never", "safe"), delayMs: fc.integer({ min: 0, max: 30 }) }),
    { minLength: 1, maxLength: 5 },
  ),
  mode: fc.constantFrom("parallel" as const, "sequential" as const),
  /** Kill this long after the first `executing` line; `undefined`: let the child finish. */
  killAfterMs: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
});

describe("recoverToolBatch after a SIGKILL at a random moment (property)", () => {
  it("should give one result per call in source order, never run a never call twice, and settle every start", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(batchArbitrary, async ({ calls, mode, killAfterMs }) => {
        const dir = await mkdtemp(join(root, `run-${run++}-`));
        const batchId = "prop";
        const spec: CrashSpec = {
          calls: calls.map((entry, index) => ({ id: `c${index}`, tool: entry.tool })),
          delays: Object.fromEntries(calls.map((entry, index) => [`c${index}`, entry.delayMs])),
          mode,
          maxAttempts: MAX_ATTEMPTS,
          retainCompleted: true,
        };
        const child = startChild(children, "run", dir, batchId, spec);
        if (killAfterMs === undefined) {
          await child.waitFor((line) => line.startsWith("complete"));
          await child.exited;
        } else {
          await child.waitFor((line) => line.startsWith("executing"));
          await new Promise((resolve) => setTimeout(resolve, killAfterMs));
          await child.kill();
        }
        const journal = createFileJournal({ dir, retainCompleted: true });
        const done = expectComplete(
          await recoverToolBatch(batchId, {
            tools: parentTools(dir),
            journal,
            maxAttempts: MAX_ATTEMPTS,
          }),
        );
        const ids = spec.calls.map((entry) => entry.id);
        expect(done.outcomes.map((outcome) => outcome.toolCall.id)).toEqual(ids);
        expect(done.messages.map((message) => message.toolCallId)).toEqual(ids);
        const effects = await readEffects(dir);
        for (const { id, tool } of spec.calls) {
          const count = effects.filter((effect) => effect.id === id).length;
          expect(count).toBeLessThanOrEqual(tool === "never" ? 1 : MAX_ATTEMPTS);
        }
        const records = await journal.read(batchId);
        await journal.close();
        const started = new Set<string>();
        const settled: string[] = [];
        for (const record of records) {
          if (record.t === "started") started.add(record.callId);
          if (record.t === "settled") settled.push(record.callId);
        }
        for (const id of started) expect(settled).toContain(id);
        expect([...settled].sort()).toEqual([...ids].sort());
        expect(records.at(-1)?.t).toBe("completed");
        await rm(dir, { recursive: true, force: true });
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});
