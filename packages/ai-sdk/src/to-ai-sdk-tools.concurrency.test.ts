import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { generateText, stepCountIs, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { createDeferred, createScriptedModel, lastToolResults } from "./test-support";
import { toAiSdkTools } from "./to-ai-sdk-tools";

/** A file tool whose calls lock the path they write, and a log of what ran when. */
function createFileTools() {
  const log: string[] = [];
  const running = new Set<string>();
  let overlaps = 0;
  const releases = new Map<string, () => void>();
  const started = new Map<string, ReturnType<typeof createDeferred<void>>>();
  const write = defineTool({
    name: "write_file",
    description: "Write a file",
    parameters: Type.Object({ path: Type.String(), text: Type.String() }),
    lockKeys: (params) => [params.path],
    execute: async (params, context) => {
      for (const other of running) if (other.split(":")[0] === params.path) overlaps++;
      const entry = `${params.path}:${context.toolCallId}`;
      running.add(entry);
      log.push(`start ${context.toolCallId}`);
      started.get(context.toolCallId)?.resolve();
      await new Promise<void>((resolve) => releases.set(context.toolCallId, resolve));
      running.delete(entry);
      log.push(`end ${context.toolCallId}`);
      return { content: [{ type: "text", text: `wrote ${params.path}` }] };
    },
  });
  const sequential = defineTool({
    name: "reindex",
    description: "Rebuild the index; runs alone",
    parameters: Type.Object({}),
    executionMode: "sequential",
    execute: async (_params, context) => {
      log.push(`start ${context.toolCallId} with ${running.size} running`);
      return { content: [{ type: "text", text: "reindexed" }] };
    },
  });
  const waitFor = (id: string) => {
    const deferred = createDeferred<void>();
    started.set(id, deferred);
    return deferred.promise;
  };
  const release = (id: string) => releases.get(id)?.();
  return { write, sequential, log, waitFor, release, overlaps: () => overlaps };
}

describe("toAiSdkTools lock keys", () => {
  it("should never run two calls of one generateText step whose lock keys overlap at once", async () => {
    const files = createFileTools();
    const { model, prompts } = createScriptedModel([
      [
        { id: "a1", name: "write_file", input: { path: "a.txt", text: "1" } },
        { id: "b1", name: "write_file", input: { path: "b.txt", text: "1" } },
        { id: "a2", name: "write_file", input: { path: "a.txt", text: "2" } },
      ],
      "done",
    ]);
    const tools = toAiSdkTools([files.write]);
    const generation = generateText({ model, prompt: "write", tools, stopWhen: stepCountIs(3) });
    // a1 and b1 run together; a2 waits for a1 although the AI SDK started all three at once.
    await Promise.all([files.waitFor("a1"), files.waitFor("b1")]);
    const a2Started = files.waitFor("a2");
    expect(files.log).toEqual(["start a1", "start b1"]);
    files.release("a1");
    await a2Started;
    expect(files.log).toEqual(["start a1", "start b1", "end a1", "start a2"]);
    files.release("b1");
    files.release("a2");
    await generation;
    expect(files.overlaps()).toBe(0);
    expect(Object.keys(lastToolResults(prompts))).toEqual(["a1", "b1", "a2"]);
  });

  it("should keep lock keys for calls streamText starts as they stream in", async () => {
    const files = createFileTools();
    const { model } = createScriptedModel([
      [
        { id: "a1", name: "write_file", input: { path: "a.txt", text: "1" } },
        { id: "a2", name: "write_file", input: { path: "a.txt", text: "2" } },
      ],
      "done",
    ]);
    const stream = streamText({
      model,
      prompt: "write",
      tools: toAiSdkTools([files.write]),
      stopWhen: stepCountIs(3),
    });
    const consumed = stream.consumeStream();
    await files.waitFor("a1");
    const a2Started = files.waitFor("a2");
    files.release("a1");
    await a2Started;
    files.release("a2");
    await consumed;
    expect(await stream.text).toBe("done");
    expect(files.log).toEqual(["start a1", "end a1", "start a2", "end a2"]);
    expect(files.overlaps()).toBe(0);
  });

  it("should run a sequential tool's call alone among the calls of a step", async () => {
    const files = createFileTools();
    const { model } = createScriptedModel([
      [
        { id: "w", name: "write_file", input: { path: "a.txt", text: "1" } },
        { id: "r", name: "reindex", input: {} },
      ],
      "done",
    ]);
    const generation = generateText({
      model,
      prompt: "go",
      tools: toAiSdkTools([files.write, files.sequential]),
      stopWhen: stepCountIs(3),
    });
    await files.waitFor("w");
    expect(files.log).toEqual(["start w"]);
    files.release("w");
    await generation;
    expect(files.log).toEqual(["start w", "end w", "start r with 0 running"]);
  });
});
