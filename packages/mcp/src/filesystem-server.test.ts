// The reference filesystem server from npm, over stdio (one process for this file), on a temporary
// directory: destructive hints, an approval policy built on them, a .wav's audio block kept whole.
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolRegistry } from "@toolwright/tool-core";
import { type BeforeToolCallHook, runToolCall } from "@toolwright/tool-exec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpResultDetails } from "./call-mounted-tool";
import { getMcpToolInfo } from "./get-mcp-tool-info";
import type { McpMount } from "./mcp-mount";
import { mountMcpServer } from "./mount-mcp-server";
import { connectStdioServer, createWav } from "./test-support";

const registry = new ToolRegistry();
let mount: McpMount;
let sandbox: string;

beforeAll(async () => {
  sandbox = await realpath(await mkdtemp(join(tmpdir(), "toolwright-mcp-fs-")));
  mount = await mountMcpServer(
    registry,
    async () => (await connectStdioServer("server-filesystem", [sandbox])).client,
    { id: "fs" },
  );
});

afterAll(async () => {
  await mount?.close();
  if (sandbox !== undefined) await rm(sandbox, { recursive: true, force: true });
});

function call(name: string, args: Record<string, unknown>) {
  return { type: "toolCall" as const, id: `call-${name}`, name: `fs__${name}`, arguments: args };
}

function firstText(outcome: { result: { content: readonly unknown[] } }): string {
  return (outcome.result.content[0] as { text: string }).text;
}

describe("mountMcpServer with @modelcontextprotocol/server-filesystem over stdio", () => {
  it("should serialize destructive tools of the server and keep read-only ones parallel", () => {
    const write = registry.get("fs__write_file");
    const read = registry.get("fs__read_text_file");
    expect(write?.lockKeys?.({ path: "a" })).toEqual(["mcp:fs"]);
    expect(read?.lockKeys).toBeUndefined();
    expect(getMcpToolInfo(write as never)?.effectiveHints).toMatchObject({
      destructive: true,
      readOnly: false,
    });
    expect(getMcpToolInfo(read as never)?.effectiveHints).toMatchObject({
      destructive: false,
      readOnly: true,
    });
  });

  it("should write and read a file, validating the structured output", async () => {
    const path = join(sandbox, "note.txt");
    const written = await runToolCall(call("write_file", { path, content: "hello" }), {
      tools: registry,
    });
    expect(written.isError).toBe(false);
    expect(await readFile(path, "utf8")).toBe("hello");
    const read = await runToolCall(call("read_text_file", { path }), { tools: registry });
    expect(read.result.structuredContent).toEqual({ content: "hello" });
    expect(firstText(read)).toBe("hello");
  });

  it("should let an approval policy block destructive calls before they reach the server", async () => {
    const path = join(sandbox, "blocked.txt");
    const approve: BeforeToolCallHook = ({ tool }) =>
      getMcpToolInfo(tool)?.effectiveHints.destructive
        ? { block: true, reason: "Needs approval: this tool can destroy data" }
        : undefined;
    const blocked = await runToolCall(call("write_file", { path, content: "x" }), {
      tools: registry,
      beforeToolCall: approve,
    });
    expect(blocked.isError).toBe(true);
    expect(firstText(blocked)).toBe("Needs approval: this tool can destroy data");
    await expect(readFile(path, "utf8")).rejects.toThrow();
    const listed = await runToolCall(call("list_directory", { path: sandbox }), {
      tools: registry,
      beforeToolCall: approve,
    });
    expect(listed.isError).toBe(false);
  });

  it("should keep a .wav's audio block one to one, its bytes untouched", async () => {
    const bytes = createWav(8000, 0.25);
    const path = join(sandbox, "tone.wav");
    await writeFile(path, bytes);
    const outcome = await runToolCall(call("read_media_file", { path }), { tools: registry });
    expect(outcome.isError).toBe(false);
    expect(outcome.result.content).toEqual([
      { type: "audio", data: bytes.toString("base64"), mimeType: "audio/wav" },
    ]);
    const details = outcome.result.details as McpResultDetails;
    expect(details.mcp.content).toEqual(outcome.result.content);
  });

  it("should pass the server's own error results through as error results", async () => {
    const outcome = await runToolCall(call("read_text_file", { path: "/etc/hostname" }), {
      tools: registry,
    });
    expect(outcome.isError).toBe(true);
    expect(firstText(outcome)).toMatch(/denied|outside/i);
    expect(outcome.result.structuredContent).toBeUndefined();
  });
});
