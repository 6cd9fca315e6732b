import {
  type CompiledSchema,
  getValidator,
  type JsonSchemaObject,
} from "@toolwright/schema-coerce";
import type { Tool } from "@toolwright/tool-core";
import { callMountedTool, type MountedToolBinding } from "./call-mounted-tool";
import { canonicalJson } from "./canonical-json";
import { freezeJsonCopy } from "./freeze-json-copy";
import { getEffectiveHints, setMcpToolInfo } from "./get-mcp-tool-info";
import type { McpClientLike, McpServerInfo, McpTool } from "./mcp-client-like";
import type { ResolvedMountOptions } from "./resolve-mount-options";

/** What the mount needs to build its tools. */
export interface MountToolContext {
  readonly options: ResolvedMountOptions;
  readonly serverInfo: () => McpServerInfo;
  readonly connectedClient: () => McpClientLike | undefined;
}

/** A mounted tool and what the mount keeps about it. */
export interface MountedTool {
  readonly tool: Tool;
  /** The MCP name. */
  readonly mcpName: string;
  /** Canonical JSON of what the model and the mount see of the tool; equal keys keep the `Tool`. */
  readonly key: string;
  /** Why output validation is off for this tool, when its output schema does not compile. */
  readonly warning: string | undefined;
}

const OUTPUT_OPTIONS = Object.freeze({ formats: true, unresolvedRefs: "reject" as const });

/** The description the model reads: `describe`, else the spec's fallback chain. */
export function describeMcpTool(mcpTool: McpTool, options: ResolvedMountOptions): string {
  if (options.describe !== undefined) {
    try {
      const described = options.describe(mcpTool);
      if (typeof described === "string" && described.trim() !== "") return described;
    } catch {
      // A throwing describe falls back to the default (its contract).
    }
  }
  for (const candidate of [mcpTool.description, mcpTool.title, mcpTool.annotations?.title]) {
    if (typeof candidate === "string" && candidate.trim() !== "") return candidate;
  }
  return `MCP tool ${mcpTool.name} from server ${options.id}`;
}

/** The comparison key of an MCP tool under its Toolwright name. */
export function mountedToolKey(
  mcpTool: McpTool,
  name: string,
  options: ResolvedMountOptions,
): string {
  return canonicalJson({
    name,
    description: describeMcpTool(mcpTool, options),
    title: mcpTool.title,
    inputSchema: mcpTool.inputSchema,
    outputSchema: mcpTool.outputSchema,
    annotations: mcpTool.annotations,
  });
}

/** Maps a listed MCP tool to a Toolwright tool named `name`. */
export function createMountedTool(
  mcpTool: McpTool,
  name: string,
  context: MountToolContext,
): MountedTool {
  const { options } = context;
  const annotations = mcpTool.annotations;
  const { outputSchema, ...definition } = mcpTool;
  let outputValidator: CompiledSchema | undefined;
  let warning: string | undefined;
  if (options.validateOutput && outputSchema !== undefined) {
    try {
      outputValidator = getValidator(
        freezeJsonCopy(outputSchema) as JsonSchemaObject,
        OUTPUT_OPTIONS,
      );
    } catch (error) {
      warning = `output schema does not compile, so output is not validated: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const binding: MountedToolBinding = {
    options,
    name,
    mcpTool,
    definition: definition as McpTool,
    outputValidator,
    connectedClient: context.connectedClient,
  };
  const serialized =
    options.concurrency === "serial" ||
    (options.concurrency === "annotations" && annotations?.readOnlyHint !== true);
  const trustedSafe =
    options.trustAnnotations &&
    (annotations?.readOnlyHint === true || annotations?.idempotentHint === true);
  const lockKey = `mcp:${options.id}`;
  const label = mcpTool.title ?? annotations?.title;
  const timeoutMs = resolveTimeout(mcpTool, options);
  const tool: Tool = {
    name,
    description: describeMcpTool(mcpTool, options),
    parameters: freezeJsonCopy(mcpTool.inputSchema) as JsonSchemaObject,
    ...(label !== undefined && { label }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(serialized && { lockKeys: () => [lockKey] }),
    replay: trustedSafe ? "safe" : "never",
    execute: (params, toolContext) =>
      callMountedTool(binding, params as Readonly<Record<string, unknown>>, toolContext),
  };
  setMcpToolInfo(tool, {
    mountId: options.id,
    serverInfo: context.serverInfo(),
    name: mcpTool.name,
    title: mcpTool.title,
    annotations,
    effectiveHints: getEffectiveHints(annotations),
    outputSchema,
    inputSchema: mcpTool.inputSchema,
    meta: mcpTool._meta,
  });
  return { tool, mcpName: mcpTool.name, key: mountedToolKey(mcpTool, name, options), warning };
}

function resolveTimeout(mcpTool: McpTool, options: ResolvedMountOptions): number | undefined {
  let value: number | undefined;
  if (typeof options.timeoutMs === "function") {
    try {
      value = options.timeoutMs(mcpTool);
    } catch {
      value = undefined;
    }
  } else {
    value = options.timeoutMs;
  }
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}
