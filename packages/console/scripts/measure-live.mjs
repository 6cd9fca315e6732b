// Polling or server-sent events for the console's live updates? Measures both on the same
// handler and journal: the server's CPU time for 20 open pages over 10 s with no change, and the
// time from a journal write to the page's seeing it. The SSE variant is a prototype built here
// (a stream per page whose server loop asks the handler the same question a poll asks); the
// console ships the polling one.
//   node scripts/measure-live.mjs
import { fork } from "node:child_process";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createMemoryJournal } from "@toolwright/tool-exec";
import { createConsoleHandler } from "../dist/index.js";

const INTERVAL_MS = 500;
const PAGES = 20;
const TOKEN = "a-long-enough-login-token";

if (process.argv[2] === "client") {
  // The pages, in one process: each polls, or reads its stream, and reports the batches it sees.
  const [, , , mode, base, cookie] = process.argv;
  const seen = (batchId) => process.send?.({ seen: batchId, at: Date.now() });
  const page = async () => {
    const first = await fetch(`${base}/`, { headers: { cookie } });
    let fingerprint = /data-fingerprint="([0-9a-f]+)"/.exec(await first.text())[1];
    return async () => {
      if (mode === "poll") {
        for (;;) {
          const response = await fetch(`${base}/`, {
            headers: { cookie, "x-console-live": fingerprint },
          });
          if (response.status === 200) {
            fingerprint = response.headers.get("x-console-fingerprint");
            const match = /data-key="(live-[^"]+)"/.exec(await response.text());
            if (match) seen(match[1]);
          } else await response.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
        }
      }
      const response = await fetch(`${base}/events?since=${fingerprint}`, { headers: { cookie } });
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        const match = /data-key="(live-[^"]+)"/.exec(decoder.decode(chunk));
        if (match) seen(match[1]);
      }
    };
  };
  const loops = await Promise.all(Array.from({ length: PAGES }, page));
  process.send?.({ ready: true });
  await Promise.all(loops.map((loop) => loop()));
} else {
  const journal = createMemoryJournal();
  const handler = createConsoleHandler({ journal, auth: { token: TOKEN, reviewer: "measure" } });
  const server = createServer(
    getRequestListener(
      async (request) => {
        const url = new URL(request.url);
        if (url.pathname !== "/events") return handler(request);
        // The SSE prototype: one loop per open page, asking the handler what a poll would ask.
        let fingerprint = url.searchParams.get("since") ?? "";
        const cookie = request.headers.get("cookie") ?? "";
        const encoder = new TextEncoder();
        let timer;
        const body = new ReadableStream({
          start(controller) {
            const check = async () => {
              const answer = await handler(
                new Request(`${url.origin}/`, {
                  headers: { cookie, "x-console-live": fingerprint },
                }),
              );
              if (answer.status === 200) {
                fingerprint = answer.headers.get("x-console-fingerprint");
                const html = (await answer.text()).replaceAll("\n", " ");
                controller.enqueue(encoder.encode(`data: ${html}\n\n`));
              }
              timer = setTimeout(check, INTERVAL_MS);
            };
            timer = setTimeout(check, INTERVAL_MS);
          },
          cancel() {
            clearTimeout(timer);
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      },
      { overrideGlobalObjects: false },
    ),
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  for (let index = 0; index < 200; index++) {
    const batchId = `seed-${index}`;
    const lock = await journal.lock(batchId, "seed");
    await journal.append(batchId, [
      {
        t: "batch",
        v: 1,
        batchId,
        at: new Date(Date.parse("2026-01-01") + index).toISOString(),
        mode: "parallel",
        calls: [],
      },
    ]);
    await lock.release();
  }
  for (const mode of ["poll", "sse"]) {
    // The token signs in once: every page shares that session.
    globalThis.sharedCookie ??= (await handler(new Request(`${base}/login?token=${TOKEN}`))).headers
      .get("set-cookie")
      .split(";")[0];
    const cookie = globalThis.sharedCookie;
    const clients = [
      fork(new URL(import.meta.url).pathname, ["client", mode, base, cookie], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      }),
    ];
    const seenAt = [];
    const ready = new Promise((resolve) =>
      clients[0].on("message", (message) => (message.ready ? resolve() : seenAt.push(message))),
    );
    await ready;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = process.cpuUsage(before);
    const latencies = [];
    for (let round = 0; round < 5; round++) {
      const batchId = `live-${mode}-${round}`;
      const lock = await journal.lock(batchId, "measure");
      const written = Date.now();
      await journal.append(batchId, [
        { t: "batch", v: 1, batchId, at: new Date().toISOString(), mode: "parallel", calls: [] },
      ]);
      await lock.release();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const entry of seenAt.filter((seen) => seen.seen === batchId))
        latencies.push(entry.at - written);
    }
    latencies.sort((a, b) => a - b);
    for (const client of clients) client.kill();
    const cpuMs = (idle.user + idle.system) / 1000;
    console.log(
      `${mode.padEnd(5)} server CPU for ${PAGES} idle pages over 10 s: ${cpuMs.toFixed(0)} ms (${(cpuMs / PAGES / 10).toFixed(2)} ms per page per second); write → seen: median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies.at(-1)} ms over ${latencies.length} sightings`,
    );
  }
  server.closeAllConnections();
  server.close();
}
