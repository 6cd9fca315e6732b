import Anthropic from "@anthropic-ai/sdk";
import {
  fromProviderToolCalls,
  toProviderToolResults,
  toProviderTools,
} from "@toolwright/providers";
import type { ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";

/** A Messages agent loop: the assistant turn goes back as it came, results as one user message. */
export async function runAnthropic(
  registry: ToolRegistry,
  prompt: string,
  client = new Anthropic(),
): Promise<string> {
  const tools = toProviderTools(registry, "anthropic");
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: prompt }];
  for (let turn = 0; turn < 20; turn++) {
    const message = await client.messages.create({
      model: "claude-opus-4-5",
      max_tokens: 4096,
      messages,
      tools: [...tools.tools],
    });
    const { calls } = fromProviderToolCalls(message, tools);
    if (calls.length === 0) {
      return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    }
    messages.push({ role: "assistant", content: message.content });
    const batch = await executeToolBatch(calls, { tools: registry });
    // No tool here needs approval: the batch never suspends, its status is always "complete".
    if (batch.status !== "complete") throw new Error("unexpected approval request");
    const results = batch.messages;
    messages.push(...toProviderToolResults(results, tools));
  }
  throw new Error("The model did not finish within 20 turns");
}
