// The public API of @toolwright/openai-agents: explicit named exports only.
export type { AgentsAdapterErrorCode, AgentsAdapterErrorOptions } from "./agents-adapter-error";
export { AgentsAdapterError } from "./agents-adapter-error";
export type { AgentsToolsOptions } from "./agents-tools-options";
export type { ToolwrightAgentsTool } from "./create-agents-tool";
export type { AgentsToolOutput } from "./to-agents-tool-output";
export { toAgentsTools } from "./to-agents-tools";
