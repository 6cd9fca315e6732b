import {
  fromProviderToolCalls,
  toProviderToolResults,
  toProviderTools,
} from "@toolwright/providers";
import type { ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";
import OpenAI from "openai";

/** A Responses agent loop chained with `previous_response_id`: only new items are sent. */
export async function runOpenAiResponses(
  registry: ToolRegistry,
  prompt: string,
  client = new OpenAI(),
): Promise<string> {
  const tools = toProviderTools(registry, "openai-responses");
  let input: OpenAI.Responses.ResponseInput = [{ role: "user", content: prompt }];
  let previous: string | undefined;
  for (let turn = 0; turn < 20; turn++) {
    const response = await client.responses.create({
      model: "gpt-5.1",
      input,
      tools: [...tools.tools],
      ...(previous === undefined ? {} : { previous_response_id: previous }),
    });
    const { calls } = fromProviderToolCalls(response, tools);
    if (calls.length === 0) return response.output_text;
    const batch = await executeToolBatch(calls, { tools: registry });
    // No tool here needs approval: the batch never suspends, its status is always "complete".
    if (batch.status !== "complete") throw new Error("unexpected approval request");
    const results = batch.messages;
    input = toProviderToolResults(results, tools);
    previous = response.id;
  }
  throw new Error("The model did not finish within 20 turns");
}
