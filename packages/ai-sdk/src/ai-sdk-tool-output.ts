import type { Content, ToolUpdate, Usage } from "@toolwright/tool-core";

/**
 * What a running tool has streamed so far: one AI SDK preliminary result per `onUpdate` of the
 * tool (`tool-result` parts with `preliminary: true` in `streamText`, and in UI messages). Never
 * sent to the model.
 */
export interface AiSdkToolUpdateOutput {
  readonly type: "update";
  readonly content: readonly Content[];
  readonly details?: unknown;
  readonly progress?: ToolUpdate["progress"];
  readonly total?: ToolUpdate["total"];
  readonly message?: ToolUpdate["message"];
}

/**
 * How a call ended, as the AI SDK's tool output (the `output` of its `tool-result` parts and of
 * UI message tool parts). Only `content` reaches the model — through the tool's `toModelOutput`,
 * also when an app converts UI messages with `convertToModelMessages(messages, { tools })`;
 * `details` and `structuredContent` are for the UI and programs.
 */
export interface AiSdkToolResultOutput {
  readonly type: "result";
  /** What the model reads, after output truncation. */
  readonly content: readonly Content[];
  readonly details?: unknown;
  /** The tool's structured output (matches its `outputSchema`), when it has one. */
  readonly structuredContent?: unknown;
  readonly usage?: Usage | undefined;
  /** Milliseconds `execute` ran; absent when it never ran. */
  readonly durationMs?: number | undefined;
}

/** The output of a tool made by `toAiSdkTools`: a streamed update, then the result. */
export type AiSdkToolOutput = AiSdkToolUpdateOutput | AiSdkToolResultOutput;
