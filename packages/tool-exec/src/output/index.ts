// What the model sees of an outcome: the transcript message, with its text truncated to a budget.
export { createToolResultMessage } from "./create-tool-result-message";
export { DEFAULT_MAX_MEDIA_BYTES, limitMedia, normalizeMaxMediaBytes } from "./limit-media";
export type { TruncationOptions } from "./truncate-output";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateOutput } from "./truncate-output";
