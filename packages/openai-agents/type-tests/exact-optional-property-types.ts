/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on): a consumer passes `T | undefined` values to optional fields of
 * every public type, as code that forwards its own optional settings does.
 */
import { Agent } from "@openai/agents-core";
import type { ToolModel } from "@toolwright/tool-core";
import type {
  BeforeToolCallHook,
  ToolEventListener,
  TruncationOptions,
} from "@toolwright/tool-exec";
import { type AgentsToolsOptions, toAgentsTools } from "../src/index";

declare const maybeNumber: number | undefined;
declare const maybeSignal: AbortSignal | undefined;
declare const maybeModel: ToolModel | undefined;
declare const maybeBefore: BeforeToolCallHook<{ user: string }> | undefined;
declare const maybeListener: ToolEventListener | undefined;
declare const maybeTruncation: TruncationOptions | false | undefined;

const options: AgentsToolsOptions<{ user: string }> = {
  beforeToolCall: maybeBefore,
  timeoutMs: maybeNumber,
  timeoutGraceMs: maybeNumber,
  truncation: maybeTruncation,
  signal: maybeSignal,
  onEvent: maybeListener,
  model: maybeModel,
  context: undefined,
};

export const agent = new Agent({ name: "a", instructions: "i", tools: toAgentsTools([], options) });
