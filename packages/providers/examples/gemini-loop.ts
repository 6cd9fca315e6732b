import { type Content, GoogleGenAI, type ToolConfig } from "@google/genai";
import {
  fromProviderToolCalls,
  toProviderToolCalls,
  toProviderToolResults,
  toProviderTools,
} from "@toolwright/providers";
import type { ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";

/** A Gemini agent loop: calls are replayed with their thought signatures (from `providerData`). */
export async function runGemini(
  registry: ToolRegistry,
  prompt: string,
  client = new GoogleGenAI({}),
): Promise<string> {
  const tools = toProviderTools(registry, "gemini");
  // The SDK types `mode` as its own enum; the JSON is the same string.
  const toolConfig = tools.extras.toolConfig as ToolConfig | undefined;
  const contents: Content[] = [{ role: "user", parts: [{ text: prompt }] }];
  for (let turn = 0; turn < 20; turn++) {
    const response = await client.models.generateContent({
      model: "gemini-3-pro",
      contents,
      config: { tools: [...tools.tools], ...(toolConfig ? { toolConfig } : {}) },
    });
    const { calls } = fromProviderToolCalls(response, tools);
    if (calls.length === 0) return response.text ?? "";
    contents.push({ role: "model", parts: toProviderToolCalls(calls, tools) });
    const batch = await executeToolBatch(calls, { tools: registry });
    // No tool here needs approval: the batch never suspends, its status is always "complete".
    if (batch.status !== "complete") throw new Error("unexpected approval request");
    const results = batch.messages;
    contents.push(...toProviderToolResults(results, tools));
  }
  throw new Error("The model did not finish within 20 turns");
}
