// The public API of @toolwright/transcript: explicit named exports only.
export type { ToolDeclarations } from "./create-tool-declarations";
export { createToolDeclarations } from "./create-tool-declarations";
export type { DeclarableTool } from "./declarable-tool";
export { declarationsEqual } from "./declarations-equal";
export type { DeclareToolChangesOptions, ToolDeclarationContext } from "./declare-tool-changes";
export { declareToolChanges } from "./declare-tool-changes";
export type { JsonDifference } from "./diff-json-values";
export type { DeclarationChange, ToolChangeExplanation } from "./explain-tool-changes";
export { explainToolChanges } from "./explain-tool-changes";
export { getCurrentTools } from "./get-current-tools";
export type { ToolStateChanges } from "./get-tool-state-changes";
export { getToolStateChanges } from "./get-tool-state-changes";
export { hasNonAdditiveToolChanges } from "./has-non-additive-tool-changes";
// Deprecated aliases of tool-core's conversation model, kept for one minor release.
export type {
  AssistantContent,
  AssistantMessage,
  StopReason,
  SystemMessage,
  ThinkingContent,
  ToolRemoval,
  TranscriptMessage,
  UserMessage,
} from "./messages";
export { parseTranscript } from "./parse-transcript";
export type { ToolFields } from "./read-tool-fields";
export { readToolFields } from "./read-tool-fields";
export type { ResolvedTranscriptTools, TranscriptToolSupport } from "./resolve-transcript-tools";
export { resolveTranscriptTools } from "./resolve-transcript-tools";
export type { RoleMessage } from "./role-message";
export { serializeTranscript } from "./serialize-transcript";
export { toToolDeclaration } from "./to-tool-declaration";
export type { TranscriptErrorCode, TranscriptErrorOptions } from "./transcript-error";
export { TranscriptError } from "./transcript-error";
