import type { TextContent, ToolContent } from "./content";
import type { ToolCall } from "./tool-call";
import type { ToolDeclaration } from "./tool-declaration";
import type { ToolResultMessage } from "./tool-result-message";

/** A tool removal as a system message records it: only the name. */
export interface ToolRemoval {
  /** The name of the tool withdrawn. */
  readonly name: string;
}

/**
 * A system message. Besides its text it may carry a change of the model-visible tool set:
 * replaying `toolsRemoved` then `toolsAdded` of every system message in order gives the tools.
 */
export interface SystemMessage {
  /** Always `"system"`. */
  readonly role: "system";
  /** The instruction text; `""` for a message that only declares tool changes. */
  readonly content: string;
  /** Tools declared from here on; a name declared before is redefined in place. */
  readonly toolsAdded?: readonly ToolDeclaration[] | undefined;
  /** Tools withdrawn from here on, applied before `toolsAdded` of the same message. */
  readonly toolsRemoved?: readonly ToolRemoval[] | undefined;
  /** Milliseconds since the epoch when the message was made. */
  readonly timestamp: number;
}

/** What the user said: text, or text and images. */
export interface UserMessage {
  /** Always `"user"`. */
  readonly role: "user";
  /** The user's text, or blocks (text, images, files). */
  readonly content: string | readonly ToolContent[];
  /** Milliseconds since the epoch when the message was made. */
  readonly timestamp: number;
}

/** The model's reasoning text, when the provider returns it. */
export interface ThinkingContent {
  /** Always `"thinking"`. */
  readonly type: "thinking";
  /** The reasoning text as the provider returned it. */
  readonly thinking: string;
}

/** One part of an assistant message. */
export type AssistantContent = TextContent | ThinkingContent | ToolCall;

/** Why the model stopped: done, out of tokens, asking for tools, failed, or aborted. */
export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

/** What the model answered, including the tool calls it asked for. */
export interface AssistantMessage {
  /** Always `"assistant"`. */
  readonly role: "assistant";
  /** Text, thinking and tool calls, in the order the model produced them. */
  readonly content: readonly AssistantContent[];
  /**
   * Why the model stopped; `"length"` means the message was cut off, so its tool calls may be
   * incomplete.
   */
  readonly stopReason?: StopReason | undefined;
  /** Milliseconds since the epoch when the message was made. */
  readonly timestamp: number;
}

/** One message of a conversation; plain JSON, so a transcript saves as JSONL. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResultMessage;
