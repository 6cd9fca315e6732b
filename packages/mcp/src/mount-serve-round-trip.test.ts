// A registry that mounts real MCP servers over stdio and serves them again (`includeMounted`):
// what its clients receive is exactly what the upstream server sent — resource links, embedded
// resources, an image, audio from a real .wav, annotations — compared as canonical JSON, byte for
// byte, against the upstream result of the same call.
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { ToolRegistry } from "@toolwright/tool-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";
import type { McpMount } from "./mcp-mount";
import { mountMcpServer } from "./mount-mcp-server";
import { serveRegistry } from "./serve-registry";
import { connectStdioServer, createWav } from "./test-support";

type CallResult = Awaited<ReturnType<Client["callTool"]>>;

const registry = new ToolRegistry();
const mounts: McpMount[] = [];
/** The upstream results, in call order, as the mount's clients received them. */
const upstream: CallResult[] = [];
let downstream: Client;
let sandbox: string;

/** Connects to an npm server and records every result its `callTool` returns. */
async function connectRecording(
  packageName: "server-everything" | "server-filesystem",
  args: string[],
): Promise<Client> {
  const { client } = await connectStdioServer(packageName, args);
  const callTool = client.callTool.bind(client);
  client.callTool = (async (...callArgs: Parameters<Client["callTool"]>) => {
    const result = await callTool(...callArgs);
    upstream.push(structuredClone(result));
    return result;
  }) as Client["callTool"];
  return client;
}

beforeAll(async () => {
  sandbox = await realpath(await mkdtemp(join(tmpdir(), "toolwright-mcp-round-trip-")));
  mounts.push(
    await mountMcpServer(registry, await connectRecording("server-everything", ["stdio"]), {
      id: "everything",
    }),
    await mountMcpServer(registry, await connectRecording("server-filesystem", [sandbox]), {
      id: "fs",
    }),
  );
  const server = new Server({ name: "proxy", version: "1.0.0" });
  serveRegistry(registry, server, { includeMounted: true });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  downstream = new Client({ name: "downstream", version: "1.0.0" });
  await downstream.connect(clientSide);
});

afterAll(async () => {
  await downstream?.close();
  for (const mount of mounts) await mount.close();
  if (sandbox !== undefined) await rm(sandbox, { recursive: true, force: true });
});

/** Calls `name` through the proxy and returns [upstream result, what the proxy's client got]. */
async function throughProxy(
  name: string,
  args: Record<string, unknown>,
): Promise<[CallResult, CallResult]> {
  const before = upstream.length;
  const served = await downstream.callTool({ name, arguments: args });
  expect(upstream).toHaveLength(before + 1);
  return [upstream[before] as CallResult, served];
}

describe("a mount → serve round trip over real MCP servers", () => {
  it.each([
    ["resource links", "everything__get-resource-links", { count: 3 }],
    [
      "an embedded blob resource",
      "everything__get-resource-reference",
      { resourceType: "Blob", resourceId: 1 },
    ],
    [
      "an embedded text resource",
      "everything__get-resource-reference",
      { resourceType: "Text", resourceId: 2 },
    ],
    ["an image", "everything__get-tiny-image", {}],
    [
      "annotated blocks, a user-only image among them",
      "everything__get-annotated-message",
      { messageType: "error", includeImage: true },
    ],
  ])("should pass %s on byte for byte", async (_name, name, args) => {
    const [sent, received] = await throughProxy(name, args);
    expect(sent.content.length).toBeGreaterThan(0);
    expect(canonicalJson(received.content)).toBe(canonicalJson(sent.content));
    expect(received.isError).toBeUndefined();
  });

  it("should pass a .wav's audio block on byte for byte, its base64 untouched", async () => {
    const wav = createWav(16_000, 0.5);
    const path = join(sandbox, "tone.wav");
    await writeFile(path, wav);
    const [sent, received] = await throughProxy("fs__read_media_file", { path });
    expect(received.content).toEqual([
      { type: "audio", data: wav.toString("base64"), mimeType: "audio/wav" },
    ]);
    expect(canonicalJson(received.content)).toBe(canonicalJson(sent.content));
  });

  it("should pass the upstream structured content on with the blocks", async () => {
    const [sent, received] = await throughProxy("everything__get-structured-content", {
      location: "Chicago",
    });
    expect(received.structuredContent).toEqual(sent.structuredContent);
    expect(canonicalJson(received.content)).toBe(canonicalJson(sent.content));
  });
});
