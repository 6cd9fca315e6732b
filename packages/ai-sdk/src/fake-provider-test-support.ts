// A local stand-in for a provider's HTTP endpoint (test helper, not bundled): the provider
// packages talk to it over real HTTP on 127.0.0.1 in the provider's own wire format, it answers
// each request with the next scripted response, and it keeps every request body for assertions.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake server received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** A scripted answer: a JSON body, or server-sent events (`data:` lines, one per event). */
export type ScriptedResponse =
  | { readonly json: unknown; readonly status?: number }
  | { readonly events: readonly unknown[]; readonly eventNames?: readonly string[] };

export interface FakeProviderServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function answer(response: ServerResponse, scripted: ScriptedResponse | undefined): void {
  if (scripted === undefined) {
    response.writeHead(500, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: "the script has no more turns" } }));
    return;
  }
  if ("json" in scripted) {
    response.writeHead(scripted.status ?? 200, { "content-type": "application/json" });
    response.end(JSON.stringify(scripted.json));
    return;
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  scripted.events.forEach((event, index) => {
    const name = scripted.eventNames?.[index];
    response.write(
      `${name === undefined ? "" : `event: ${name}\n`}data: ${JSON.stringify(event)}\n\n`,
    );
  });
  response.end();
}

/** Starts a fake provider on a free port of 127.0.0.1 that plays `responses` in order. */
export async function startFakeProviderServer(
  responses: readonly ScriptedResponse[],
): Promise<FakeProviderServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        requests.push({ method: request.method ?? "", path: request.url ?? "", body });
        answer(response, responses[requests.length - 1]);
      },
      () => {
        response.writeHead(400);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

/** The body of the request at `index`; throws when the server did not receive that many. */
export function requestBody(server: FakeProviderServer, index: number): Record<string, unknown> {
  const request = server.requests[index];
  if (request === undefined) throw new Error(`the server received no request ${index}`);
  return request.body;
}
