// The public API of @toolwright/ai-sdk: explicit named exports only.
export type { AiSdkAdapterErrorCode, AiSdkAdapterErrorOptions } from "./ai-sdk-adapter-error";
export { AiSdkAdapterError } from "./ai-sdk-adapter-error";
export type {
  AiSdkToolOutput,
  AiSdkToolResultOutput,
  AiSdkToolUpdateOutput,
} from "./ai-sdk-tool-output";
export type { AiSdkToolsOptions } from "./ai-sdk-tools-options";
export type { ToolwrightAiSdkTool } from "./create-ai-sdk-tool";
export type { AiSdkStepLike } from "./from-ai-sdk-step";
export { fromAiSdkStep } from "./from-ai-sdk-step";
export { repairToolCall } from "./repair-tool-call";
export type {
  AiSdkToolApprovalFunction,
  AiSdkToolApprovalOptions,
} from "./to-ai-sdk-tool-approval";
export { toAiSdkToolApproval } from "./to-ai-sdk-tool-approval";
export type {
  AiSdkToolDefinition,
  AiSdkToolDefinitionsOptions,
} from "./to-ai-sdk-tool-definitions";
export { toAiSdkToolDefinitions } from "./to-ai-sdk-tool-definitions";
export { toAiSdkToolMessages } from "./to-ai-sdk-tool-messages";
export { toAiSdkTools } from "./to-ai-sdk-tools";
