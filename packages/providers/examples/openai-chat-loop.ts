import {
  fromProviderToolCalls,
  toProviderToolCalls,
  toProviderToolResults,
  toProviderTools,
} from "@toolwright/providers";
import type { ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";
import OpenAI from "openai";

/** A Chat Completions agent loop: the model asks, the registry's tools answer, until it stops. */
export async function runOpenAiChat(
  registry: ToolRegistry,
  prompt: string,
  client = new OpenAI(),
): Promise<string> {
  const tools = toProviderTools(registry, "openai-chat");
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: prompt }];
  for (let turn = 0; turn < 20; turn++) {
    const completion = await client.chat.completions.create({
      model: "gpt-5.1",
      messages,
      tools: [...tools.tools],
    });
    const { calls } = fromProviderToolCalls(completion, tools);
    if (calls.length === 0) return completion.choices[0]?.message.content ?? "";
    messages.push(...toProviderToolCalls(calls, tools));
    const batch = await executeToolBatch(calls, { tools: registry });
    // No tool here needs approval: the batch never suspends, its status is always "complete".
    if (batch.status !== "complete") throw new Error("unexpected approval request");
    const results = batch.messages;
    messages.push(...toProviderToolResults(results, tools));
  }
  throw new Error("The model did not finish within 20 turns");
}
