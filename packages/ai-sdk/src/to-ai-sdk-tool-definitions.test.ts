import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { fromAiSdkStep } from "./from-ai-sdk-step";
import { createScriptedModel } from "./test-support";
import { toAiSdkToolDefinitions } from "./to-ai-sdk-tool-definitions";

const lookup = defineTool({
  name: "lookup",
  description: "Look up a word",
  parameters: Type.Object({ word: Type.String(), limit: Type.Integer() }),
  execute: () => {
    throw new Error("never run by the AI SDK");
  },
});

describe("toAiSdkToolDefinitions", () => {
  it("should declare the tools and return the model's calls unvalidated and unexecuted", async () => {
    const { model } = createScriptedModel([
      [{ id: "c1", name: "lookup", input: { word: "bank", limit: "3" } }],
    ]);
    const result = await generateText({
      model,
      prompt: "bank?",
      tools: toAiSdkToolDefinitions([lookup]),
    });
    expect(result.toolResults).toEqual([]);
    expect(result.content.some((part) => part.type === "tool-error")).toBe(false);
    expect(fromAiSdkStep(result).content).toEqual([
      { type: "toolCall", id: "c1", name: "lookup", arguments: { word: "bank", limit: "3" } },
    ]);
    const sent = (model.doGenerateCalls[0]?.tools ?? []) as {
      name: string;
      inputSchema: unknown;
      description?: string;
    }[];
    expect(sent).toEqual([
      expect.objectContaining({
        name: "lookup",
        description: "Look up a word",
        inputSchema: expect.objectContaining({ required: ["word", "limit"] }),
      }),
    ]);
  });
});
