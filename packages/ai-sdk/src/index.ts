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
export { repairToolCall } from "./repair-tool-call";
export type { AiSdkToolApprovalOptions } from "./to-ai-sdk-tool-approval";
export { toAiSdkToolApproval } from "./to-ai-sdk-tool-approval";
export { toAiSdkTools } from "./to-ai-sdk-tools";
