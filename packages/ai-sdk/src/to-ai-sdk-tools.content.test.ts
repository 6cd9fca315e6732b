import { Type } from "@sinclair/typebox";
import { type Content, defineTool } from "@toolwright/tool-core";
import { generateText, stepCountIs, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { createDeferred, createScriptedModel, lastToolResults } from "./test-support";
import { toAiSdkTools } from "./to-ai-sdk-tools";

const PNG = "iVBORw0KGgo="; // 8 bytes once decoded (the PNG signature)

function contentTool(content: readonly Content[]) {
  return defineTool({
    name: "show",
    description: "Show content",
    parameters: Type.Object({}),
    execute: () => ({ content, details: { kept: "for the UI" } }),
  });
}

async function modelInputOf(content: readonly Content[]) {
  const { model, prompts } = createScriptedModel([[{ id: "c", name: "show", input: {} }], "done"]);
  await generateText({
    model,
    prompt: "show",
    tools: toAiSdkTools([contentTool(content)]),
    stopWhen: stepCountIs(3),
  });
  return lastToolResults(prompts).c;
}

describe("toAiSdkTools content", () => {
  it("should send text-only results as one text output", async () => {
    await expect(
      modelInputOf([
        { type: "text", text: "first" },
        { type: "text", text: "second" },
      ]),
    ).resolves.toEqual({ type: "text", value: "first\nsecond" });
  });

  it("should carry images as the AI SDK's file parts beside the text", async () => {
    await expect(
      modelInputOf([
        { type: "text", text: "here" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ]),
    ).resolves.toEqual({
      type: "content",
      value: [
        { type: "text", text: "here" },
        { type: "file", mediaType: "image/png", data: { type: "data", data: PNG } },
      ],
    });
  });

  it("should stream each onUpdate as a preliminary result in streamText, never to the model", async () => {
    const proceed = createDeferred();
    const progressTool = defineTool({
      name: "progress",
      description: "Reports progress",
      parameters: Type.Object({ steps: Type.Integer() }),
      execute: async (params, context) => {
        for (let step = 1; step <= params.steps; step++) {
          context.onUpdate({
            content: [{ type: "text", text: `step ${step}` }],
            progress: step,
            total: params.steps,
          });
          if (step === 1) await proceed.promise;
        }
        return { content: [{ type: "text", text: "finished" }] };
      },
    });
    const { model, prompts } = createScriptedModel([
      [{ id: "p", name: "progress", input: { steps: "2" } }],
      "done",
    ]);
    const stream = streamText({
      model,
      prompt: "go",
      tools: toAiSdkTools([progressTool]),
      stopWhen: stepCountIs(3),
    });
    const seen: unknown[] = [];
    for await (const part of stream.fullStream) {
      if (part.type !== "tool-result") continue;
      seen.push({ preliminary: part.preliminary === true, output: part.output });
      if (part.preliminary === true) proceed.resolve();
    }
    for (const entry of seen as { output: { durationMs?: number } }[])
      delete entry.output.durationMs;
    // The AI SDK reports every value a tool yields as preliminary, the last one again as final.
    expect(seen).toEqual([
      {
        preliminary: true,
        output: {
          type: "update",
          content: [{ type: "text", text: "step 1" }],
          progress: 1,
          total: 2,
        },
      },
      {
        preliminary: true,
        output: {
          type: "update",
          content: [{ type: "text", text: "step 2" }],
          progress: 2,
          total: 2,
        },
      },
      {
        preliminary: true,
        output: { type: "result", content: [{ type: "text", text: "finished" }] },
      },
      {
        preliminary: false,
        output: { type: "result", content: [{ type: "text", text: "finished" }] },
      },
    ]);
    expect(lastToolResults(prompts)).toEqual({ p: { type: "text", value: "finished" } });
  });

  it("should show an error result's text alone, naming media it cannot send", async () => {
    const failing = defineTool({
      name: "show",
      description: "Fails with a screenshot",
      parameters: Type.Object({}),
      execute: () => ({
        content: [
          { type: "text", text: "render failed" },
          { type: "image", data: PNG, mimeType: "image/png" },
        ],
        isError: true,
      }),
    });
    const { model, prompts } = createScriptedModel([
      [{ id: "c", name: "show", input: {} }],
      "done",
    ]);
    await generateText({
      model,
      prompt: "show",
      tools: toAiSdkTools([failing]),
      stopWhen: stepCountIs(3),
    });
    expect(lastToolResults(prompts).c).toEqual({
      type: "error-text",
      value:
        "render failed\n[image image/png, 8 bytes, not sent: AI SDK error tool results do not carry image]",
    });
  });
});
