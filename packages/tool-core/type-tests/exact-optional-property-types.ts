/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on): a consumer passes `T | undefined` values to optional fields of
 * every public type, as code that forwards its own optional settings does. Each assignment below
 * fails to compile where an optional property is declared without `| undefined`.
 */
import { Type } from "@sinclair/typebox";
import type { JSONSchema7 } from "json-schema";
import {
  type AssistantMessage,
  defineTool,
  type Message,
  type SystemMessage,
  ToolArgumentsError,
  type ToolArgumentsErrorOptions,
  type ToolCall,
  type ToolDeclaration,
  type ToolDefinitionsFilter,
  ToolError,
  type ToolErrorOptions,
  type ToolModel,
  type ToolParamsOf,
  ToolRegistry,
  type ToolResult,
  type ToolResultMessage,
  type ToolUpdate,
  type Usage,
  validateToolArguments,
} from "../src/index";

declare const maybeString: string | undefined;
declare const maybeNumber: number | undefined;
declare const maybeBoolean: boolean | undefined;
declare const maybeModel: ToolModel | undefined;
declare const maybeUsage: Usage | undefined;
declare const maybeData: Readonly<Record<string, unknown>> | undefined;

// A schema typed as an interface (@types/json-schema) is a tool's parameters; params stay unknown.
const interfaceSchema: JSONSchema7 = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
};
const weather = defineTool({
  name: "weather",
  description: "Current weather",
  label: maybeString,
  parameters: interfaceSchema,
  outputSchema: interfaceSchema,
  executionMode: maybeBoolean === true ? "sequential" : undefined,
  timeoutMs: maybeNumber,
  replay: undefined,
  constrainedSampling: maybeBoolean,
  seams: undefined,
  execute: (params) => {
    const city: unknown = params.city;
    const result: ToolResult<{ city: unknown }> = {
      content: [{ type: "text", text: String(city) }],
      details: { city },
      structuredContent: undefined,
      usage: maybeUsage,
      isError: maybeBoolean,
      terminate: maybeBoolean,
    };
    return result;
  },
});
const params: Readonly<Record<string, unknown>> = {} as ToolParamsOf<typeof weather>;

const typed = defineTool({
  name: "typed",
  description: "x",
  parameters: Type.Object({ n: Type.Optional(Type.Number()) }),
  execute: (input, context) => {
    const update: ToolUpdate = { content: undefined, details: undefined };
    context.onUpdate(update);
    return { content: [{ type: "text", text: String(input.n) }] };
  },
});

const registry = new ToolRegistry([weather, typed]);
const filter: ToolDefinitionsFilter = { model: maybeModel };
const model: ToolModel = { id: "m", provider: maybeString };
const declarations: ToolDeclaration[] = registry.definitions(filter);
const declaration: ToolDeclaration = {
  name: "d",
  description: "d",
  parameters: { type: "object" },
  constrainedSampling: maybeBoolean,
};

const toolCall: ToolCall = {
  type: "toolCall",
  id: "1",
  name: "typed",
  arguments: {},
  argumentsError: maybeString,
  providerData: maybeData,
};
validateToolArguments(typed, toolCall);

const usage: Usage = {
  inputTokens: maybeNumber,
  outputTokens: maybeNumber,
  cacheReadTokens: maybeNumber,
  cacheWriteTokens: maybeNumber,
  totalTokens: maybeNumber,
  costUsd: maybeNumber,
};
const resultMessage: ToolResultMessage = {
  role: "toolResult",
  toolCallId: "1",
  toolName: "typed",
  content: [],
  details: undefined,
  usage,
  isError: false,
  durationMs: maybeNumber,
  timestamp: 0,
};
const system: SystemMessage = {
  role: "system",
  content: "",
  toolsAdded: declarations.length > 0 ? declarations : undefined,
  toolsRemoved: undefined,
  timestamp: 0,
};
const assistant: AssistantMessage = {
  role: "assistant",
  content: [toolCall],
  stopReason: undefined,
  timestamp: 0,
};
const messages: Message[] = [system, assistant, resultMessage];

const errorOptions: ToolErrorOptions = { cause: undefined };
const argumentsOptions: ToolArgumentsErrorOptions = {
  issues: undefined,
  changes: undefined,
  cause: undefined,
};
new ToolError("INVALID_TOOL", "x", errorOptions);
new ToolArgumentsError("x", argumentsOptions);

export { declaration, messages, model, params };
