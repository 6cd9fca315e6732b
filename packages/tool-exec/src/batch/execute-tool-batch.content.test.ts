import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Content, Tool, ToolUpdate } from "@toolwright/tool-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolCall } from "../call/execute-tool-call";
import { loadSuspendedToolBatch } from "../journal/load-suspended-tool-batch";
import { createFileJournal } from "../journal-file/create-file-journal";
import { DEFAULT_MAX_MEDIA_BYTES } from "../output/limit-media";
import { createToolCall, expectComplete, recordEvents } from "../test-support";
import { call, expectSuspended, roundTrip } from "./approval-test-support";
import { executeToolBatch } from "./execute-tool-batch";
import { resumeToolBatch } from "./resume-tool-batch";
import type { ToolExecutionUpdateEvent } from "./tool-events";

/** One block of every type, with annotations on some: what a rich tool returns. */
const richContent: readonly Content[] = [
  { type: "text", text: "summary", annotations: { audience: ["assistant"], priority: 1 } },
  { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
  { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" },
  { type: "file", mimeType: "application/pdf", filename: "report.pdf", data: "JVBERi0xLjQ=" },
  { type: "file", url: "https://example.com/spec.pdf", mimeType: "application/pdf" },
  {
    type: "resource_link",
    uri: "file:///notes.md",
    name: "notes",
    title: "Notes",
    description: "Meeting notes",
    mimeType: "text/markdown",
    size: 120,
  },
  {
    type: "resource",
    resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" },
    annotations: { audience: ["user"], lastModified: "2026-12-01T14:00:00Z" },
  },
  { type: "resource", resource: { uri: "file:///b.bin", blob: "AAECAw==" } },
];

/** A tool `show` that returns `content` as its result. */
function returning(content: readonly Content[], extra: Partial<Tool> = {}): Tool {
  return {
    name: "show",
    description: "Shows content",
    execute: () => ({ content }),
    ...extra,
  } as Tool;
}

/** `bytes` of decoded size as base64-length text (the executor measures, never decodes). */
function base64OfSize(bytes: number): string {
  return "A".repeat(Math.ceil((bytes * 4) / 3));
}

describe("executeToolBatch with rich content", () => {
  it("should carry every block type and its annotations to the message unchanged", async () => {
    const batch = expectComplete(
      await executeToolBatch([createToolCall("c1", "show")], { tools: [returning(richContent)] }),
    );
    expect(batch.messages[0]?.content).toEqual(richContent);
    expect(batch.messages[0]?.isError).toBe(false);
  });

  describe("maxMediaBytes", () => {
    it("should replace a block over the limit in the message and keep it on the end event", async () => {
      const audio: Content = { type: "audio", data: "AAAAAAAA", mimeType: "audio/wav" };
      const { events, onEvent } = recordEvents();
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [returning([{ type: "text", text: "before" }, audio, richContent[1] as Content])],
          maxMediaBytes: 5,
          onEvent,
        }),
      );
      expect(batch.messages[0]?.content).toEqual([
        { type: "text", text: "before" },
        { type: "text", text: "[audio audio/wav, 6 bytes, over the 5-byte limit]" },
        { type: "text", text: "[image image/png, 8 bytes, over the 5-byte limit]" },
      ]);
      const end = events.find((event) => event.type === "tool_execution_end");
      expect(end?.type === "tool_execution_end" && end.result.content[1]).toEqual(audio);
    });

    it("should keep a block of exactly the limit and name the decoded size of each kind", async () => {
      const content: Content[] = [
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "file", mimeType: "application/pdf", data: "AAAAAAAA" },
        { type: "file", url: "https://example.com/huge.pdf" },
        { type: "resource_link", uri: "file:///huge", name: "huge", size: 10 ** 9 },
        { type: "resource", resource: { uri: "file:///t", mimeType: "text/plain", text: "héllo" } },
        { type: "resource", resource: { uri: "file:///b", blob: "AAAAAAAA" } },
      ];
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [returning(content)],
          maxMediaBytes: 3,
        }),
      );
      expect(batch.messages[0]?.content).toEqual([
        content[0],
        { type: "text", text: "[file application/pdf, 6 bytes, over the 3-byte limit]" },
        content[2],
        content[3],
        { type: "text", text: "[resource text/plain, 6 bytes, over the 3-byte limit]" },
        { type: "text", text: "[resource, 6 bytes, over the 3-byte limit]" },
      ]);
    });

    it("should apply 20 MiB when not set", async () => {
      expect(DEFAULT_MAX_MEDIA_BYTES).toBe(20 * 1024 * 1024);
      const atLimit: Content = {
        type: "image",
        data: base64OfSize(DEFAULT_MAX_MEDIA_BYTES),
        mimeType: "image/png",
      };
      const overLimit: Content = {
        type: "audio",
        data: `${atLimit.data}AA`,
        mimeType: "audio/wav",
      };
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [returning([atLimit, overLimit])],
        }),
      );
      const [kept, replaced] = batch.messages[0]?.content ?? [];
      expect(kept).toEqual(atLimit);
      expect(replaced).toEqual({
        type: "text",
        text: `[audio audio/wav, ${DEFAULT_MAX_MEDIA_BYTES + 1} bytes, over the ${DEFAULT_MAX_MEDIA_BYTES}-byte limit]`,
      });
    });

    it("should keep a replaced block's annotations, so a block meant for the user stays so", async () => {
      const annotations = { audience: ["user"] } as const;
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [
            returning([{ type: "image", data: "AAAAAAAA", mimeType: "image/png", annotations }]),
          ],
          maxMediaBytes: 1,
        }),
      );
      expect(batch.messages[0]?.content).toEqual([
        { type: "text", text: "[image image/png, 6 bytes, over the 1-byte limit]", annotations },
      ]);
    });

    it("should send every block with Infinity", async () => {
      const content: Content[] = [
        { type: "audio", data: base64OfSize(1000), mimeType: "audio/wav" },
      ];
      const message = await executeToolCall(createToolCall("c1", "show"), [returning(content)], {
        maxMediaBytes: Number.POSITIVE_INFINITY,
      });
      expect(message.content).toEqual(content);
    });

    it.each([-1, Number.NaN, "5"])(
      "should reject maxMediaBytes %s before anything runs",
      async (maxMediaBytes) => {
        let ran = false;
        const tool = returning([], {
          execute: () => {
            ran = true;
            return { content: [] };
          },
        });
        const options = { tools: [tool], maxMediaBytes: maxMediaBytes as number };
        await expect(executeToolBatch([createToolCall("c1", "show")], options)).rejects.toThrow(
          RangeError,
        );
        await expect(
          executeToolCall(createToolCall("c2", "show"), [tool], options),
        ).rejects.toThrow(`maxMediaBytes must be a number >= 0, got ${String(maxMediaBytes)}`);
        expect(ran).toBe(false);
      },
    );
  });

  describe("truncation", () => {
    it("should cut text blocks only: an embedded resource's text and the media are kept whole", async () => {
      const longText = "line\n".repeat(50);
      const resource: Content = {
        type: "resource",
        resource: { uri: "file:///long.txt", mimeType: "text/plain", text: longText },
      };
      const image = richContent[1] as Content;
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [returning([{ type: "text", text: longText }, resource, image])],
          truncation: { maxLines: 2 },
        }),
      );
      const [text, keptResource, keptImage] = batch.messages[0]?.content ?? [];
      expect(text).toEqual({
        type: "text",
        text: "line\nline\n\n[Output truncated: showing 2 of 50 lines (10 of 250 bytes).]",
      });
      expect(keptResource).toEqual(resource);
      expect(keptImage).toEqual(image);
    });

    it("should keep a cut block's annotations and put the notice in a block of its own", async () => {
      const annotations = { audience: ["user"] } as const;
      const batch = expectComplete(
        await executeToolBatch([createToolCall("c1", "show")], {
          tools: [returning([{ type: "text", text: "a\nb\nc\n", annotations }])],
          truncation: { maxLines: 1 },
        }),
      );
      expect(batch.messages[0]?.content).toEqual([
        { type: "text", text: "a\n", annotations },
        { type: "text", text: "[Output truncated: showing 1 of 3 lines (2 of 6 bytes).]" },
      ]);
    });
  });

  it("should pass progress, total and message of each update to its event, in order", async () => {
    const updates: ToolUpdate[] = [
      { progress: 0, total: 100, message: "starting" },
      { content: [{ type: "text", text: "half" }], progress: 50, total: 100, message: "half way" },
      { progress: 100, total: 100 },
    ];
    const tool: Tool = {
      name: "slow",
      description: "Reports progress",
      execute(_params, context) {
        for (const update of updates) context.onUpdate(update);
        return { content: [{ type: "text", text: "done" }] };
      },
    };
    const { events, onEvent } = recordEvents();
    await executeToolBatch([createToolCall("c1", "slow")], { tools: [tool], onEvent });
    const partials = events
      .filter((event): event is ToolExecutionUpdateEvent => event.type === "tool_execution_update")
      .map((event) => event.partialResult);
    expect(partials).toEqual(updates);
  });

  it("should carry every block type through a suspended batch's JSON state and its resume", async () => {
    const send: Tool = {
      name: "send",
      description: "Needs approval",
      needsApproval: true,
      execute: () => ({ content: [{ type: "text", text: "sent" }] }),
    };
    const tools = [returning(richContent), send];
    const suspended = expectSuspended(
      await executeToolBatch([call("c1", "show"), call("c2", "send")], { tools }),
    );
    const state = roundTrip(suspended.state);
    const settled = state.calls[0];
    expect(settled?.status === "settled" && settled.outcome.result.content).toEqual(richContent);
    const approvalId = suspended.pending[0]?.approvalId as string;
    const resumed = expectComplete(
      await resumeToolBatch(state, [{ approvalId, decision: "approve" }], { tools }),
    );
    expect(resumed.messages[0]?.content).toEqual(richContent);
    expect(resumed.messages[1]?.content).toEqual([{ type: "text", text: "sent" }]);
  });

  describe("with the file journal", () => {
    let root = "";
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), "toolwright-content-journal-"));
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it("should write every block type to disk and read it back unchanged", async () => {
      const dir = await mkdtemp(join(root, "dir-"));
      const send: Tool = {
        name: "send",
        description: "Needs approval",
        needsApproval: true,
        execute: () => ({ content: [] }),
      };
      expectSuspended(
        await executeToolBatch([call("c1", "show"), call("c2", "send")], {
          tools: [returning(richContent), send],
          journal: createFileJournal({ dir }),
          batchId: "rich",
        }),
      );
      // A fresh journal reads the lines from disk and checks each record on the way in.
      const state = await loadSuspendedToolBatch(createFileJournal({ dir }), "rich");
      const settled = state.calls[0];
      expect(settled?.status === "settled" && settled.outcome.result.content).toEqual(richContent);
    });
  });
});
