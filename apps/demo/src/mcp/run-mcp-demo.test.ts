import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoEvent } from "../demo-event";
import type { DemoResult } from "../run-demo";
import { runMcpDemo } from "./run-mcp-demo";

describe("runMcpDemo", () => {
  const events: DemoEvent[] = [];
  const lines: Array<Record<string, unknown>> = [];
  let result: DemoResult;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-mcp-demo-test-"));
    let buffered = "";
    result = await runMcpDemo(
      { json: true, sandbox: directory, onEvent: (event) => void events.push(event) },
      {
        write: (text) => {
          buffered += text;
        },
        isTTY: false,
        color: false,
      },
    );
    for (const line of buffered.split("\n").filter(Boolean)) lines.push(JSON.parse(line));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("should run the scripted session through the filesystem MCP server to terminate", async () => {
    expect(result.reason).toBe("terminate");
    expect(result.finalTools).toContain("fs__write_file");
    expect(await readFile(join(directory, "report.md"), "utf8")).toBe(
      "# Report\n\nWritten through MCP.\n",
    );
    await expect(stat(join(directory, "moved.txt"))).rejects.toThrow();
    const blocked = events.find((event) => event.type === "blocked");
    expect(blocked).toMatchObject({ toolName: "fs__move_file" });
  });

  it("should carry the local server's list_changed into the transcript as one declaration", () => {
    const mcpChange = lines.find(
      (line) =>
        line.type === "mcp" &&
        (line.event as { type: string; added?: string[] }).added?.includes("local__word_count"),
    );
    expect(mcpChange).toBeDefined();
    const declared = events.filter((event) => event.type === "tools_declared");
    expect(
      declared.map(
        (event) =>
          event.type === "tools_declared" && [
            event.turn,
            event.toolsAdded.length,
            event.toolsRemoved,
          ],
      ),
    ).toEqual([
      [1, 16, []],
      [4, 1, []],
    ]);
    expect(declared[1]).toMatchObject({ toolsAdded: ["local__word_count"] });
    const counted = events.find(
      (event) => event.type === "tool_result" && event.message.toolName === "local__word_count",
    );
    expect(counted).toMatchObject({
      message: {
        isError: false,
        content: [{ type: "text", text: "report.md: 3 lines, 5 words, 31 characters" }],
      },
    });
    expect(events.find((event) => event.type === "replay")).toMatchObject({
      matchesRegistry: true,
    });
  });

  it("should bring an image and an audio block from the filesystem server to the provider layer, audio as a placeholder where a dialect cannot carry it", () => {
    const media = events.flatMap((event) =>
      event.type === "tool_result" && event.message.toolName === "fs__read_media_file"
        ? [event.message.content]
        : [],
    );
    expect(media).toEqual([
      [{ type: "image", data: expect.any(String), mimeType: "image/png" }],
      [{ type: "audio", data: expect.any(String), mimeType: "audio/wav" }],
    ]);
    const shown = events.find((event) => event.type === "provider_content");
    expect(shown).toMatchObject({ toolName: "fs__read_media_file" });
    const views = shown?.type === "provider_content" ? shown.views : [];
    expect(views.map((view) => view.dialect)).toEqual(["anthropic", "gemini"]);
    const anthropic = views[0]?.parts ?? [];
    expect(anthropic).toContainEqual(expect.stringMatching(/^image image\/png, \d+ bytes$/));
    expect(anthropic).toContainEqual(
      expect.stringMatching(
        /^text "\[audio audio\/wav, 4044 bytes, not sent: Anthropic tool results do not carry audio\]"$/,
      ),
    );
    expect(views[1]?.parts).toContainEqual(
      expect.stringMatching(/^inlineData image\/png, \d+ bytes$/),
    );
    const audio = (media[1]?.[0] as { data: string } | undefined)?.data ?? "";
    expect(JSON.stringify(shown)).not.toContain(audio.slice(100, 160));
    expect(lines.some((line) => line.type === "provider_content")).toBe(true);
  });

  it("should coerce the model's string before the call reaches the server", () => {
    const coercion = events.find((event) => event.type === "coercions");
    expect(coercion).toMatchObject({
      toolName: "fs__read_text_file",
      changes: [{ path: "/head", from: "2", to: 2 }],
    });
  });
});
