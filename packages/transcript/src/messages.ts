import type {
  AssistantContent as CoreAssistantContent,
  AssistantMessage as CoreAssistantMessage,
  StopReason as CoreStopReason,
  SystemMessage as CoreSystemMessage,
  ThinkingContent as CoreThinkingContent,
  ToolRemoval as CoreToolRemoval,
  UserMessage as CoreUserMessage,
  Message,
} from "@toolwright/tool-core";

// The conversation model lives in @toolwright/tool-core since this release, so tool-exec and the
// provider adapters can speak it. These aliases keep old imports compiling for one minor release.

/** @deprecated Import `ToolRemoval` from `@toolwright/tool-core`. */
export type ToolRemoval = CoreToolRemoval;
/** @deprecated Import `SystemMessage` from `@toolwright/tool-core`. */
export type SystemMessage = CoreSystemMessage;
/** @deprecated Import `UserMessage` from `@toolwright/tool-core`. */
export type UserMessage = CoreUserMessage;
/** @deprecated Import `ThinkingContent` from `@toolwright/tool-core`. */
export type ThinkingContent = CoreThinkingContent;
/** @deprecated Import `AssistantContent` from `@toolwright/tool-core`. */
export type AssistantContent = CoreAssistantContent;
/** @deprecated Import `StopReason` from `@toolwright/tool-core`. */
export type StopReason = CoreStopReason;
/** @deprecated Import `AssistantMessage` from `@toolwright/tool-core`. */
export type AssistantMessage = CoreAssistantMessage;
/** @deprecated Import `Message` from `@toolwright/tool-core`. */
export type TranscriptMessage = Message;
