// A coordinator process for the crash test, on the built package:
//   node coordinator.mjs <redisUrl> <queueName> <ToolDispatchRequest JSON>
// Dispatches the request, prints "dispatched" once the job is queued and "result <json>" at the end.
import { createBullmqDispatcher } from "../../dist/index.js";

const [redisUrl, queueName, requestText] = process.argv.slice(2);
const url = new URL(redisUrl);
const dispatcher = await createBullmqDispatcher({
  queueName,
  connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null },
});
const pending = dispatcher.execute(JSON.parse(requestText), {
  signal: new AbortController().signal,
  onUpdate() {},
});
console.log("dispatched");
console.log(`result ${JSON.stringify(await pending)}`);
await dispatcher.close();
