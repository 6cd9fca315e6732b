// A full disk under the file journal: the journal's folder is a 1 MiB tmpfs, mounted in a mount
// namespace of the coordinator's own (`unshare --mount`, with `--user --map-root-user` when not
// root), most of it taken by a filler file. Batches fail as the disk fills; then the filler is
// deleted and every open batch is recovered.
import { mkdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { countFaults, describeCounts } from "./count-faults";
import { spawnFaultProcess } from "./fault-process";
import { createScenarioFolder, endOf, expectPromisesKept, summariesOf } from "./scenario-support";

const TMPFS_BYTES = 1024 * 1024;

/** Runs `node …` with a 1 MiB tmpfs on `dir`, visible to that process only and gone with it. */
function inTmpfs(dir: string) {
  return (node: string[]) => [
    "unshare",
    ...(process.getuid?.() === 0 ? [] : ["--user", "--map-root-user"]),
    "--mount",
    "--propagation",
    "private",
    "sh",
    "-c",
    'mount -t tmpfs -o size=1m tmpfs "$0" && exec "$@"',
    dir,
    ...node,
  ];
}

describe("a journal folder on a 1 MiB tmpfs that fills", () => {
  it("should fail batches with errors naming the file and batch, leave no debris, and recover every batch once space is back", async () => {
    const scenario = await createScenarioFolder("disk");
    const dir = `${scenario.folder}/journal`;
    await mkdir(dir);
    const run = crypto.randomUUID().slice(0, 8);
    const batchIds = Array.from({ length: 40 }, (_, index) => `disk-${run}-${index}`);
    const coordinator = spawnFaultProcess(
      "coordinator.mjs",
      {
        journal: { kind: "file", dir },
        batchIds,
        summarize: batchIds,
        calls: 20,
        maxMs: 5,
        effectsFile: scenario.effectsFile,
        deadlineMs: 100_000,
        attempts: 2,
        // About 160 KiB left for the journal: some 20 batches fit.
        fill: { path: `${dir}/filler`, bytes: TMPFS_BYTES - 160 * 1024 },
        listDir: true,
        freeBeforeRecovery: `${dir}/filler`,
      },
      150_000,
      inTmpfs(dir),
    );
    const end = await endOf(coordinator);
    if (end.crashed || end.hung) console.log(coordinator.stderr());
    const counts = await countFaults({
      scenario: "full disk (1 MiB tmpfs)",
      summaries: summariesOf(coordinator),
      events: coordinator.events,
      effectsFile: scenario.effectsFile,
      hangs: end.hung ? 1 : 0,
      crashes: end.crashed ? 1 : 0,
    });
    const files = coordinator.events.find((event) => event.event === "files")?.sizes as
      | Record<string, number>
      | undefined;
    const debris = Object.entries(files ?? {}).filter(
      ([name, size]) =>
        name.endsWith(".draft") ||
        name.endsWith(".lock") ||
        (name.endsWith(".jsonl") && size === 0),
    );
    // Once the disk is full to the last byte, a lock cannot even write its draft.
    const lockRefusals = coordinator.events.filter(
      (event) => event.event === "error" && String(event.message).includes(".draft"),
    );
    const full = coordinator.events.filter(
      (event) => event.event === "error" && String(event.message).includes("ENOSPC"),
    );
    console.log(
      `${describeCounts(counts)}\n  ENOSPC errors: ${full.length} (${lockRefusals.length} on a lock draft); files left while full: ${
        Object.keys(files ?? {}).length
      } (debris: ${debris.map(([name]) => name).join(", ") || "none"})`,
    );
    expect(files).toBeDefined();
    expect(full.length).toBeGreaterThan(0);
    expect(lockRefusals.length).toBeGreaterThan(0);
    for (const event of full) {
      // The error names the file and the batch.
      expect(String(event.message)).toMatch(new RegExp(`${dir}/\\S+ \\(batch ${event.batchId}\\)`));
    }
    expect(debris).toEqual([]);
    expect(counts.batches).toBe(40);
    expectPromisesKept(counts, coordinator.events);
    await scenario.remove();
  });
});
