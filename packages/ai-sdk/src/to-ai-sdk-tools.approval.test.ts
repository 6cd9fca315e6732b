import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { generateText, jsonSchema, type ModelMessage, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { createScriptedModel, lastToolResults } from "./test-support";
import { toAiSdkToolApproval } from "./to-ai-sdk-tool-approval";
import { toAiSdkTools } from "./to-ai-sdk-tools";

function createDeleteTool(deleted: string[]) {
  return defineTool({
    name: "delete_file",
    description: "Delete a file",
    parameters: Type.Object({ path: Type.String(), force: Type.Optional(Type.Boolean()) }),
    needsApproval: (params) =>
      params.force === true ? { reason: `force-delete ${params.path}` } : false,
    execute: (params) => {
      deleted.push(params.path);
      return { content: [{ type: "text", text: `deleted ${params.path}` }] };
    },
  });
}

/** The approval requests of a result, and the messages to continue with the given answers. */
function answer(
  prompt: ModelMessage[],
  result: {
    readonly content: readonly { readonly type: string; readonly approvalId?: string }[];
    readonly response: { readonly messages: readonly ModelMessage[] };
  },
  approved: boolean,
  reason?: string,
): ModelMessage[] {
  const requests = result.content.filter((part) => part.type === "tool-approval-request");
  return [
    ...prompt,
    ...result.response.messages,
    {
      role: "tool",
      content: requests.map((request) => ({
        type: "tool-approval-response" as const,
        approvalId: String(request.approvalId),
        approved,
        ...(reason === undefined ? {} : { reason }),
      })),
    },
  ];
}

describe("toAiSdkTools approval", () => {
  const prompt: ModelMessage[] = [{ role: "user", content: "clean up" }];
  const calls = [
    { id: "c1", name: "delete_file", input: { path: "old.log", force: "true" } },
    { id: "c2", name: "delete_file", input: { path: "tmp.txt" } },
  ];

  it("should ask through the AI SDK's own approval flow, then run the approved call", async () => {
    const deleted: string[] = [];
    const tools = toAiSdkTools([createDeleteTool(deleted)]);
    const { model, prompts } = createScriptedModel([calls, "done"]);
    const first = await generateText({ model, messages: prompt, tools, stopWhen: stepCountIs(3) });
    // c2 needed no approval and ran; c1 (repaired "true" → true) waits for a person.
    expect(deleted).toEqual(["tmp.txt"]);
    const requests = first.content.filter((part) => part.type === "tool-approval-request");
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(["c1"]);
    expect(requests[0]?.toolCall.input).toEqual({ path: "old.log", force: true });

    const second = await generateText({
      model,
      messages: answer(prompt, first, true),
      tools,
      stopWhen: stepCountIs(3),
    });
    expect(deleted).toEqual(["tmp.txt", "old.log"]);
    expect(second.text).toBe("done");
    expect(lastToolResults(prompts)).toEqual({
      c2: { type: "text", value: "deleted tmp.txt" },
      c1: { type: "text", value: "deleted old.log" },
    });
  });

  it("should give a denied call the AI SDK's denied output and never run it", async () => {
    const deleted: string[] = [];
    const tools = toAiSdkTools([createDeleteTool(deleted)]);
    const { model, prompts } = createScriptedModel([calls, "done"]);
    const first = await generateText({ model, messages: prompt, tools, stopWhen: stepCountIs(3) });
    await generateText({
      model,
      messages: answer(prompt, first, false, "not today"),
      tools,
      stopWhen: stepCountIs(3),
    });
    expect(deleted).toEqual(["tmp.txt"]);
    expect(lastToolResults(prompts).c1).toEqual({ type: "execution-denied", reason: "not today" });
  });

  it("should run an approved call resumed in a new tool set, as a server handling the next request does", async () => {
    const deleted: string[] = [];
    const { model } = createScriptedModel([calls, "done"]);
    const first = await generateText({
      model,
      messages: prompt,
      tools: toAiSdkTools([createDeleteTool(deleted)]),
      stopWhen: stepCountIs(3),
    });
    const serialized = JSON.parse(JSON.stringify(answer(prompt, first, true))) as ModelMessage[];
    await generateText({
      model,
      messages: serialized,
      tools: toAiSdkTools([createDeleteTool(deleted)]),
      stopWhen: stepCountIs(3),
    });
    expect(deleted).toEqual(["tmp.txt", "old.log"]);
  });

  it("should fail closed when needsApproval throws: the call never runs and the model reads why", async () => {
    let executed = false;
    const risky = defineTool({
      name: "risky",
      description: "Risky",
      parameters: Type.Object({}),
      needsApproval: () => {
        throw new Error("policy service down");
      },
      execute: () => {
        executed = true;
        return { content: [] };
      },
    });
    const { model, prompts } = createScriptedModel([
      [{ id: "r", name: "risky", input: {} }],
      "done",
    ]);
    await generateText({
      model,
      prompt: "go",
      tools: toAiSdkTools([risky]),
      stopWhen: stepCountIs(3),
    });
    expect(executed).toBe(false);
    expect(lastToolResults(prompts).r).toEqual({
      type: "error-text",
      value: "needsApproval of tool risky failed: policy service down",
    });
  });
});

describe("toAiSdkToolApproval", () => {
  it("should carry Toolwright's reason into the approval request", async () => {
    const deleted: string[] = [];
    const registryTools = [createDeleteTool(deleted)];
    const { model } = createScriptedModel([
      [{ id: "c1", name: "delete_file", input: { path: "old.log", force: true } }],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "clean up",
      tools: toAiSdkTools(registryTools),
      toolApproval: toAiSdkToolApproval(registryTools),
      stopWhen: stepCountIs(3),
    });
    const request = result.content.find((part) => part.type === "tool-approval-request");
    expect(request).toMatchObject({ reason: "force-delete old.log" });
    expect(deleted).toEqual([]);
  });

  it("should deny with the executor's text when the check throws, and keep other tools' own checks", async () => {
    const risky = defineTool({
      name: "risky",
      description: "Risky",
      parameters: Type.Object({}),
      needsApproval: () => {
        throw new Error("policy service down");
      },
      execute: () => ({ content: [] }),
    });
    const { model } = createScriptedModel([
      [
        { id: "r", name: "risky", input: {} },
        { id: "o", name: "own", input: {} },
      ],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "go",
      tools: {
        ...toAiSdkTools([risky]),
        own: {
          inputSchema: jsonSchema({ type: "object" }),
          needsApproval: true,
          execute: () => "own ran",
        },
      },
      toolApproval: toAiSdkToolApproval([risky]),
      stopWhen: stepCountIs(3),
    });
    const requests = result.content.filter((part) => part.type === "tool-approval-request");
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(["r", "o"]);
    expect(requests[0]).toMatchObject({ isAutomatic: true });
    expect(requests[1]).not.toHaveProperty("isAutomatic", true);
    const denied = result.response.messages
      .flatMap((message) => (message.role === "tool" ? message.content : []))
      .find((part) => part.type === "tool-result" && part.toolCallId === "r");
    expect(denied).toMatchObject({
      output: {
        type: "execution-denied",
        reason: "needsApproval of tool risky failed: policy service down",
      },
    });
  });
});
