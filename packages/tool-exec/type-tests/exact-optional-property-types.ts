/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on): a consumer passes `T | undefined` values to optional fields of
 * every public type, as code that forwards its own optional settings does. Each assignment below
 * fails to compile where an optional property is declared without `| undefined`.
 */
import {
  type AssistantMessage,
  defineTool,
  type SeamImplementations,
  type ToolCall,
  ToolRegistry,
  type Usage,
} from "@toolwright/tool-core";
import {
  type AfterToolCallHook,
  type AfterToolCallResult,
  type BeforeToolCallHook,
  type BeforeToolCallResult,
  type ExecuteToolBatchOptions,
  type ExecuteToolCallOptions,
  executeAssistantMessage,
  executeToolBatch,
  executeToolCall,
  type ResumeToolBatchOptions,
  type RunToolCallOptions,
  runToolCall,
  type ToolApprovalOptions,
  type ToolBatchMode,
  type ToolCallErrorType,
  type ToolCallOutcome,
  type ToolEventListener,
  type ToolExecutionEndEvent,
  type ToolUpdateListener,
  type TruncationOptions,
} from "../src/index";
import { createFileJournal, type FileJournalOptions } from "../src/node";

declare const maybeString: string | undefined;
declare const maybeNumber: number | undefined;
declare const maybeBoolean: boolean | undefined;
declare const maybeSignal: AbortSignal | undefined;
declare const maybeUsage: Usage | undefined;
declare const maybeSeams: SeamImplementations | undefined;
declare const maybeMode: ToolBatchMode | undefined;
declare const maybeErrorType: ToolCallErrorType | undefined;
declare const maybeListener: ToolEventListener | undefined;
declare const maybeUpdateListener: ToolUpdateListener | undefined;
declare const maybeBefore: BeforeToolCallHook<{ user: string }> | undefined;
declare const maybeAfter: AfterToolCallHook<{ user: string }> | undefined;
declare const maybeContext: { user: string } | undefined;

const echo = defineTool({
  name: "echo",
  description: "Echoes",
  parameters: { type: "object", properties: { text: { type: "string" } } },
  execute: (params) => ({ content: [{ type: "text", text: String(params.text) }] }),
});
const tools = new ToolRegistry([echo]);
const toolCall: ToolCall = { type: "toolCall", id: "1", name: "echo", arguments: {} };

const truncation: TruncationOptions = {
  maxBytes: maybeNumber,
  maxLines: maybeNumber,
  spill: undefined,
};
const before: BeforeToolCallHook<{ user: string }> = () => {
  const result: BeforeToolCallResult = {
    block: maybeBoolean,
    reason: maybeString,
    terminate: maybeBoolean,
  };
  return result;
};
const after: AfterToolCallHook<{ user: string }> = () => {
  const result: AfterToolCallResult = {
    content: undefined,
    details: undefined,
    structuredContent: undefined,
    isError: maybeBoolean,
    usage: maybeUsage,
    terminate: maybeBoolean,
  };
  return result;
};

const runOptions: RunToolCallOptions<{ user: string }> = {
  tools,
  signal: maybeSignal,
  beforeToolCall: maybeBefore ?? before,
  afterToolCall: maybeAfter ?? after,
  seams: maybeSeams,
  timeoutMs: maybeNumber,
  timeoutGraceMs: maybeNumber,
  context: maybeContext,
  onUpdate: maybeUpdateListener,
};
const callOptions: ExecuteToolCallOptions<{ user: string }> = {
  signal: maybeSignal,
  beforeToolCall: maybeBefore,
  afterToolCall: maybeAfter,
  seams: maybeSeams,
  timeoutMs: maybeNumber,
  timeoutGraceMs: maybeNumber,
  context: maybeContext,
  onUpdate: maybeUpdateListener,
  truncation: maybeBoolean === true ? false : truncation,
};
const batchOptions: ExecuteToolBatchOptions<{ user: string }> = {
  tools,
  signal: maybeSignal,
  beforeToolCall: maybeBefore,
  afterToolCall: maybeAfter,
  seams: maybeSeams,
  timeoutMs: maybeNumber,
  timeoutGraceMs: maybeNumber,
  context: maybeContext,
  mode: maybeMode,
  maxConcurrency: maybeNumber,
  onEvent: maybeListener,
  truncation: undefined,
};

const approval: ToolApprovalOptions<{ user: string }> = {
  needsApproval: undefined,
  decide: undefined,
  ttlMs: maybeNumber,
  stateSecret: maybeString,
  now: undefined,
};
const resumeOptions: ResumeToolBatchOptions<{ user: string }> = {
  tools,
  signal: maybeSignal,
  context: maybeContext,
  approval: maybeBoolean === true ? approval : undefined,
};
const journalOptions: FileJournalOptions = {
  dir: "journal",
  sync: undefined,
  maxRecordBytes: maybeNumber,
  retainCompleted: maybeBoolean,
};
const journal = createFileJournal(journalOptions);

const outcome: ToolCallOutcome = {
  toolCall,
  result: { content: [] },
  isError: false,
  errorType: maybeErrorType,
  durationMs: maybeNumber,
};
const endEvent: ToolExecutionEndEvent = {
  type: "tool_execution_end",
  toolCallId: "1",
  toolName: "echo",
  result: { content: [] },
  isError: false,
  errorType: maybeErrorType,
  durationMs: maybeNumber,
};

const assistant: AssistantMessage = { role: "assistant", content: [toolCall], timestamp: 0 };
const pending = [
  runToolCall(toolCall, runOptions),
  executeToolCall(toolCall, tools, callOptions),
  executeToolBatch([toolCall], batchOptions),
  executeAssistantMessage(assistant, batchOptions),
];

export { endEvent, journal, outcome, pending, resumeOptions };
