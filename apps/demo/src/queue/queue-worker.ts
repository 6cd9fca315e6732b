// A `--queue` worker process (dist/queue-worker.js):
//   node queue-worker.js <redis url> <queue name> <worker name>
// Runs the demo's slow_task for the coordinator through startBullmqToolWorker, one job at a time,
// and prints `ready <name>` once it listens. SIGTERM closes it (running jobs finish first).

import { startBullmqToolWorker } from "@toolwright/queue-bullmq";
import { provideSeam } from "@toolwright/tool-core";
import { SleepSeam, sleepWithTimer } from "../tools";
import { createRemoteSlowTask } from "./remote-slow-task";
import { toRedisConnection } from "./to-redis-connection";

const [url, queueName, name] = process.argv.slice(2);
if (url === undefined || queueName === undefined || name === undefined) {
  process.stderr.write("usage: queue-worker.js <redis url> <queue name> <worker name>\n");
  process.exit(2);
}
const worker = await startBullmqToolWorker({
  queueName,
  connection: { ...toRedisConnection(url), maxRetriesPerRequest: null },
  tools: [createRemoteSlowTask(name)],
  seams: [provideSeam(SleepSeam, sleepWithTimer)],
  concurrency: 1,
  name,
});
process.stdout.write(`ready ${name}\n`);
process.once("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});
