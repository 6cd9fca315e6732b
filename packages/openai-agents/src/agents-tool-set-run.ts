import type { ToolRegistry } from "@toolwright/tool-core";
import type { ToolCallGate } from "@toolwright/tool-exec";
import type { AgentsToolsOptions } from "./agents-tools-options";

/**
 * What the tools of one `toAgentsTools` call share — owned by that set, never module-wide: the
 * registry the pipeline looks tools up in, the options, the gate that keeps lock keys across the
 * calls the Agents SDK runs at once, and the approval checks that threw (by call id).
 */
export interface AgentsToolSetRun {
  readonly registry: ToolRegistry;
  readonly options: AgentsToolsOptions<unknown>;
  readonly gate: ToolCallGate;
  readonly approvalFailures: Map<string, unknown>;
}
