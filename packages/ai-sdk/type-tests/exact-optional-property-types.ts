/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on): a consumer passes `T | undefined` values to optional fields of
 * every public type, and the adapter's results go into the AI SDK's own options.
 */
import type { ToolModel } from "@toolwright/tool-core";
import type {
  BeforeToolCallHook,
  ToolEventListener,
  TruncationOptions,
} from "@toolwright/tool-exec";
import { generateText, type LanguageModel, streamText } from "ai";
import {
  type AiSdkToolApprovalOptions,
  type AiSdkToolsOptions,
  fromAiSdkStep,
  repairToolCall,
  toAiSdkToolApproval,
  toAiSdkToolDefinitions,
  toAiSdkToolMessages,
  toAiSdkTools,
} from "../src/index";

declare const maybeNumber: number | undefined;
declare const maybeSignal: AbortSignal | undefined;
declare const maybeModel: ToolModel | undefined;
declare const maybeBefore: BeforeToolCallHook<{ user: string }> | undefined;
declare const maybeListener: ToolEventListener | undefined;
declare const maybeTruncation: TruncationOptions | false | undefined;
declare const model: LanguageModel;

const options: AiSdkToolsOptions<{ user: string }> = {
  beforeToolCall: maybeBefore,
  timeoutMs: maybeNumber,
  timeoutGraceMs: maybeNumber,
  truncation: maybeTruncation,
  signal: maybeSignal,
  onEvent: maybeListener,
  model: maybeModel,
  context: undefined,
};
const approvalOptions: AiSdkToolApprovalOptions<{ user: string }> = {
  context: undefined,
  signal: maybeSignal,
};

export async function typed(): Promise<void> {
  const tools = toAiSdkTools([], options);
  const result = await generateText({
    model,
    prompt: "p",
    tools,
    toolApproval: toAiSdkToolApproval([], approvalOptions),
    repairToolCall,
  });
  streamText({ model, prompt: "p", tools, repairToolCall });
  const definitions = toAiSdkToolDefinitions([], { model: maybeModel });
  const step = await generateText({ model, prompt: "p", tools: definitions });
  fromAiSdkStep(step);
  fromAiSdkStep(result.steps[0] ?? result);
  const messages = toAiSdkToolMessages([]);
  await generateText({
    model,
    messages: [{ role: "user", content: "p" }, ...messages],
    tools: definitions,
  });
}
