// PostgreSQL faults under a real coordinator process running 50 batches of 20 calls with the
// Postgres journal: every session of the journal terminated (`pg_terminate_backend`, what an admin
// or a pooler does), the lock's own session terminated, and `pg_ctl restart -m fast` twice.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { countFaults, describeCounts } from "./count-faults";
import { spawnFaultProcess } from "./fault-process";
import { restartService } from "./restart-service";
import { createScenarioFolder, endOf, expectPromisesKept, summariesOf } from "./scenario-support";

const postgresUrl = inject("postgresUrl");
const envFile = inject("servicesEnvFile");
const APPLICATION = "tw-fault-coordinator";

describe.skipIf(postgresUrl === "")("PostgreSQL faults under 50 batches of 20 calls", () => {
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: postgresUrl, max: 2 });
    admin.on("error", () => {});
  });
  afterAll(async () => {
    await admin?.end();
  });

  /** Terminates the coordinator's sessions matching `where`; retried while PostgreSQL restarts. */
  async function terminate(where: string): Promise<number> {
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where application_name = $1 and (${where})`,
          [APPLICATION],
        );
        for (const { pid } of rows) await admin.query("select pg_terminate_backend($1)", [pid]);
        return rows.length;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    throw new Error("could not reach PostgreSQL to terminate sessions");
  }

  it("should give every call one outcome, run no never call twice, and neither hang nor crash", async () => {
    const scenario = await createScenarioFolder("postgres");
    const run = crypto.randomUUID().slice(0, 8);
    const batchIds = Array.from({ length: 50 }, (_, index) => `pg-${run}-${index}`);
    const coordinator = spawnFaultProcess(
      "coordinator.mjs",
      {
        journal: {
          kind: "postgres",
          url: postgresUrl,
          schema: `tw_fault_${run}`,
          applicationName: APPLICATION,
        },
        batchIds,
        summarize: batchIds,
        calls: 20,
        maxMs: 25,
        effectsFile: scenario.effectsFile,
        deadlineMs: 200_000,
        concurrency: 4,
      },
      260_000,
    );
    // The faults, each once, when the coordinator starts the batch of that index.
    const faults: Record<number, [string, () => Promise<unknown>]> = {
      5: ["terminate every session", () => terminate("true")],
      12: ["restart", () => restartService(envFile, ["postgres"])],
      20: [
        "terminate the lock sessions",
        () => terminate("pid in (select pid from pg_locks where locktype = 'advisory')"),
      ],
      27: [
        "terminate sessions mid-query",
        () => terminate("state = 'active' or state like 'idle in transaction%'"),
      ],
      34: ["restart", () => restartService(envFile, ["postgres"])],
      42: ["terminate every session", () => terminate("true")],
    };
    const injected: string[] = [];
    let chain: Promise<unknown> = Promise.resolve();
    coordinator.onLine((line) => {
      const match = /"event":"start","batchId":"pg-[^-]+-(\d+)"/.exec(line);
      const fault = match === null ? undefined : faults[Number(match[1])];
      if (fault === undefined) return;
      delete faults[Number(match?.[1])];
      const [name, inject] = fault;
      chain = chain.then(async () => {
        const result = await inject();
        injected.push(typeof result === "number" ? `${name} (${result})` : name);
      });
    });
    const end = await endOf(coordinator);
    await chain;
    const counts = await countFaults({
      scenario: "postgres",
      summaries: summariesOf(coordinator),
      events: coordinator.events,
      effectsFile: scenario.effectsFile,
      hangs: end.hung ? 1 : 0,
      crashes: end.crashed ? 1 : 0,
    });
    console.log(`${describeCounts(counts)}\n  faults injected: ${injected.join("; ")}`);
    if (end.crashed || end.hung) console.log(coordinator.stderr());
    expect(injected.length).toBe(6);
    expect(counts.batches).toBe(50);
    expectPromisesKept(counts, coordinator.events);
    await admin.query(`drop schema if exists "tw_fault_${run}" cascade`).catch(() => {});
    await scenario.remove();
  });
});
