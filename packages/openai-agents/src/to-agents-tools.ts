import { type CompiledTool, toProviderTools } from "@toolwright/providers";
import { type Tool, ToolRegistry, type ToolSource } from "@toolwright/tool-core";
import { createToolCallGate } from "@toolwright/tool-exec";
import { AgentsAdapterError } from "./agents-adapter-error";
import type { AgentsToolSetRun } from "./agents-tool-set-run";
import type { AgentsToolsOptions } from "./agents-tools-options";
import { createAgentsTool, type ToolwrightAgentsTool } from "./create-agents-tool";

/**
 * Toolwright tools as OpenAI Agents SDK function tools: each tool strict (with the providers'
 * OpenAI-strict schema) where that compiler holds its whole schema, otherwise non-strict with its
 * own schema; `execute` repairs the arguments losslessly and runs Toolwright's pipeline with
 * `options` (hooks, seams, time limits, output checks, truncation) under one gate, so calls whose
 * lock keys overlap never run at once although the SDK runs a turn's calls in parallel; a tool's
 * `needsApproval` becomes the SDK's approval (interruptions, `RunState` approve and reject).
 *
 * Throws `AgentsAdapterError` (`INVALID_ARGUMENT`) when `tools` is neither a `ToolRegistry` nor an
 * array of tools, or when the registry refuses the array.
 *
 * @example
 * const agent = new Agent({ name: "helper", instructions, tools: toAgentsTools(registry) });
 */
export function toAgentsTools<TContext = unknown>(
  tools: ToolSource,
  options: AgentsToolsOptions<TContext> = {},
): ToolwrightAgentsTool[] {
  const registry = readToolSource(tools);
  const run: AgentsToolSetRun = {
    registry,
    options: options as AgentsToolsOptions<unknown>,
    gate: createToolCallGate(),
    approvalFailures: new Map(),
  };
  const listed = listTools(registry, options);
  const compiled = compileStrict(listed);
  return listed.map((tool) => createAgentsTool(tool, compiled.get(tool.name), run));
}

function readToolSource(tools: ToolSource): ToolRegistry {
  if (!(tools instanceof ToolRegistry) && !Array.isArray(tools)) {
    throw new AgentsAdapterError(
      "INVALID_ARGUMENT",
      "tools must be a ToolRegistry or an array of tools",
    );
  }
  try {
    return ToolRegistry.from(tools);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AgentsAdapterError("INVALID_ARGUMENT", `tools: ${reason}`, { cause: error });
  }
}

function listTools(registry: ToolRegistry, options: Pick<AgentsToolsOptions, "model">): Tool[] {
  if (options.model === undefined) return registry.list();
  const available = new Set(
    registry.definitions({ model: options.model }).map((tool) => tool.name),
  );
  return registry.list().filter((tool) => available.has(tool.name));
}

/**
 * Each tool through the providers' OpenAI Responses compiler with strict mode asked for every
 * tool; a tool whose schema the compiler refuses outright is left out of the map (it goes
 * non-strict). Compiled together, so the provider-safe names cannot collide.
 */
function compileStrict(tools: readonly Tool[]): ReadonlyMap<string, CompiledTool> {
  try {
    return toProviderTools(tools, "openai-responses", { strict: "all" }).compiled;
  } catch {
    const compiled = new Map<string, CompiledTool>();
    for (const tool of tools) {
      try {
        const one = toProviderTools([tool], "openai-responses", { strict: "all" }).compiled.get(
          tool.name,
        );
        if (one !== undefined) compiled.set(tool.name, one);
      } catch {
        // Non-strict with its own schema.
      }
    }
    return compiled;
  }
}
