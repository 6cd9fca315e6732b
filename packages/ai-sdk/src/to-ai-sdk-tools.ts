import { type Tool, ToolRegistry, type ToolSource } from "@toolwright/tool-core";
import { createToolCallGate } from "@toolwright/tool-exec";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error";
import type { AiSdkToolSetRun } from "./ai-sdk-tool-set-run";
import type { AiSdkToolsOptions } from "./ai-sdk-tools-options";
import { createAiSdkTool, type ToolwrightAiSdkTool } from "./create-ai-sdk-tool";

/**
 * Toolwright tools as an AI SDK `ToolSet`: one AI SDK tool per tool, keyed by its name, whose
 * input validation is Toolwright's lossless repair (`"42"` → 42, `"true"` → true, one value → a
 * one-item array, a JSON string → the object it encodes, an optional `null` → absent) and whose
 * `execute` runs Toolwright's call pipeline with `options` — hooks, seams, time limits, output
 * checks, truncation — under one gate, so calls whose lock keys overlap never run at the same time
 * although the AI SDK starts a step's calls together. A tool's `needsApproval` becomes the AI
 * SDK's own approval; `onUpdate` partials become preliminary results.
 *
 * The tool set is a snapshot of `tools` when it is made (each call still looks its tool up in the
 * registry, so a tool removed since fails with `Tool <name> not found`): build one per step to
 * follow a registry that changes, as mounted MCP servers do.
 *
 * Throws `AiSdkAdapterError` (`INVALID_ARGUMENT`) when `tools` is neither a `ToolRegistry` nor an
 * array of tools, or when the registry refuses the array (a duplicate name, an invalid tool).
 *
 * @example
 * const result = await generateText({ model, prompt, tools: toAiSdkTools(registry), stopWhen });
 */
export function toAiSdkTools<TContext = unknown>(
  tools: ToolSource,
  options: AiSdkToolsOptions<TContext> = {},
): Record<string, ToolwrightAiSdkTool> {
  const registry = readToolSource(tools);
  const run: AiSdkToolSetRun = {
    registry,
    options: options as AiSdkToolsOptions<unknown>,
    gate: createToolCallGate(),
    rawArguments: new WeakMap(),
    approvalFailures: new Map(),
  };
  const toolSet: Record<string, ToolwrightAiSdkTool> = Object.create(null);
  for (const tool of listTools(registry, options)) {
    toolSet[tool.name] = createAiSdkTool(tool, run);
  }
  return toolSet;
}

/** The registry of `tools`, or the adapter's error naming what was wrong with it. */
export function readToolSource(tools: ToolSource): ToolRegistry {
  if (!(tools instanceof ToolRegistry) && !Array.isArray(tools)) {
    throw new AiSdkAdapterError(
      "INVALID_ARGUMENT",
      "tools must be a ToolRegistry or an array of tools",
    );
  }
  try {
    return ToolRegistry.from(tools);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AiSdkAdapterError("INVALID_ARGUMENT", `tools: ${reason}`, { cause: error });
  }
}

/** The registry's tools in registration order, only those available to `options.model` if set. */
export function listTools(
  registry: ToolRegistry,
  options: { readonly model?: AiSdkToolsOptions["model"] },
): Tool[] {
  if (options.model === undefined) return registry.list();
  const available = new Set(
    registry.definitions({ model: options.model }).map((tool) => tool.name),
  );
  return registry.list().filter((tool) => available.has(tool.name));
}
