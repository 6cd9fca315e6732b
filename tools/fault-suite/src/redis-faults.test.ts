// Remote execution under faults: a coordinator dispatching 30 batches of 20 calls to two real
// worker processes through BullMQ, with the file journal. Redis is restarted with its data and
// without it (what a restart without persistence does), a worker is killed with SIGKILL (its jobs
// are redelivered), and the coordinator is killed with SIGKILL and replaced by one that recovers.
import { afterEach, describe, expect, inject, it } from "vitest";
import { countFaults, describeCounts } from "./count-faults";
import { type FaultProcess, spawnFaultProcess } from "./fault-process";
import { restartService } from "./restart-service";
import { createScenarioFolder, endOf, expectPromisesKept, summariesOf } from "./scenario-support";

const redisUrl = inject("redisUrl");
const envFile = inject("servicesEnvFile");

describe.skipIf(redisUrl === "")(
  "Redis, worker and coordinator faults under dispatched batches",
  () => {
    const processes: FaultProcess[] = [];
    afterEach(async () => {
      for (const process of processes.splice(0)) {
        process.child.kill("SIGKILL");
        await process.ended;
      }
    });

    async function startWorker(config: Record<string, unknown>): Promise<FaultProcess> {
      const worker = spawnFaultProcess("tool-worker.mjs", config, 560_000);
      processes.push(worker);
      await worker.waitFor("ready ");
      return worker;
    }

    it("should give every call one outcome, run no never call twice, and neither hang nor crash", async () => {
      const scenario = await createScenarioFolder("redis");
      const run = crypto.randomUUID().slice(0, 8);
      const queueName = `tw_fault_${run}`;
      const workerConfig = (name: string) => ({
        redisUrl,
        queueName,
        name,
        effectsFile: scenario.effectsFile,
      });
      let workerA = await startWorker(workerConfig("worker-a"));
      await startWorker(workerConfig("worker-b"));
      const batchIds = Array.from({ length: 30 }, (_, index) => `rq-${run}-${index}`);
      const coordinatorConfig = {
        journal: { kind: "file", dir: `${scenario.folder}/journal` },
        dispatch: { redisUrl, queueName },
        summarize: batchIds,
        calls: 20,
        maxMs: 150,
        effectsFile: scenario.effectsFile,
        deadlineMs: 200_000,
        concurrency: 2,
      };
      const first = spawnFaultProcess(
        "coordinator.mjs",
        { ...coordinatorConfig, batchIds },
        260_000,
      );
      processes.push(first);
      const injected: string[] = [];
      let killedCoordinator = false;
      const faults: Record<number, [string, () => Promise<unknown>]> = {
        4: ["Redis restarted with its data", () => restartService(envFile, ["redis", "keep", "1"])],
        9: [
          "worker A killed with SIGKILL, replaced",
          async () => {
            workerA.child.kill("SIGKILL");
            await workerA.ended;
            workerA = await startWorker(workerConfig("worker-a2"));
          },
        ],
        15: [
          "Redis restarted without its data",
          () => restartService(envFile, ["redis", "drop", "1"]),
        ],
        22: [
          "coordinator killed with SIGKILL",
          async () => {
            // Mid-batch: once a call of the batch is executing on a worker.
            await new Promise((resolve) => setTimeout(resolve, 150));
            killedCoordinator = true;
            first.child.kill("SIGKILL");
            await first.ended;
          },
        ],
      };
      let chain: Promise<unknown> = Promise.resolve();
      first.onLine((line) => {
        const match = /"event":"start","batchId":"rq-[^-]+-(\d+)"/.exec(line);
        const fault = match === null ? undefined : faults[Number(match[1])];
        if (fault === undefined) return;
        delete faults[Number(match?.[1])];
        chain = chain.then(async () => {
          await fault[1]();
          injected.push(fault[0]);
        });
      });
      const firstEnd = await first.ended;
      await chain;
      // The replacement recovers what the killed one left open and runs the batches it never began.
      const begun = new Set(
        first.events.filter((event) => event.event === "start").map((event) => event.batchId),
      );
      const second = spawnFaultProcess(
        "coordinator.mjs",
        {
          ...coordinatorConfig,
          batchIds: batchIds.filter((batchId) => !begun.has(batchId)),
          recoverIds: batchIds.filter((batchId) => begun.has(batchId)),
        },
        260_000,
      );
      processes.push(second);
      const secondEnd = await endOf(second);
      const events = [...first.events, ...second.events];
      const counts = await countFaults({
        scenario: "redis, workers and coordinator",
        summaries: summariesOf(second),
        events,
        effectsFile: scenario.effectsFile,
        hangs: (firstEnd.timedOut ? 1 : 0) + (secondEnd.hung ? 1 : 0),
        crashes:
          (killedCoordinator || firstEnd.timedOut || firstEnd.code === 0 ? 0 : 1) +
          (secondEnd.crashed ? 1 : 0),
      });
      console.log(`${describeCounts(counts)}\n  faults injected: ${injected.join("; ")}`);
      if (secondEnd.crashed || secondEnd.hung) console.log(second.stderr());
      expect(injected.length).toBe(4);
      expect(counts.batches).toBe(30);
      expectPromisesKept(counts, events);
      await scenario.remove();
    });
  },
);
