import type { ToolRegistry } from "@toolwright/tool-core";
import type { ToolCallGate } from "@toolwright/tool-exec";
import type { AiSdkToolsOptions } from "./ai-sdk-tools-options";

/**
 * What the tools of one `toAiSdkTools` call share — owned by that tool set, never module-wide:
 * the registry the pipeline looks tools up in, the options, the gate that keeps lock keys across
 * the calls the AI SDK runs at once, the arguments as the model sent them (keyed by the validated
 * value the AI SDK hands to `execute`), and the approval checks that threw.
 */
export interface AiSdkToolSetRun {
  readonly registry: ToolRegistry;
  readonly options: AiSdkToolsOptions<unknown>;
  readonly gate: ToolCallGate;
  /** Validated params → the raw arguments they came from, so the pipeline sees the call as sent. */
  readonly rawArguments: WeakMap<object, Readonly<Record<string, unknown>>>;
  /** Tool call id → what its `needsApproval` threw; the call then fails closed in `execute`. */
  readonly approvalFailures: Map<string, unknown>;
}
