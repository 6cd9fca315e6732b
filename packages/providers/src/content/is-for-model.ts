import type { Content } from "@toolwright/tool-core";

/**
 * Whether a block goes to the model: with `respectAudience`, a block whose
 * `annotations.audience` is set and lacks `"assistant"` (MCP's "meant for the user only") stays
 * out of model input. It stays in the result message, for the transcript and the UI.
 */
export function isForModel(block: Content, respectAudience: boolean): boolean {
  const audience = block.annotations?.audience;
  return !respectAudience || audience === undefined || audience.includes("assistant");
}
