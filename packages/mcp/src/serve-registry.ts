import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type {
  Seam,
  SeamImplementations,
  Tool,
  ToolRegistry,
  ToolUpdate,
} from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { createServedRequest } from "./create-served-request";
import { getMcpToolInfo } from "./get-mcp-tool-info";
import { McpBridgeError } from "./mcp-bridge-error";
import { McpRequestSeam } from "./mcp-request-seam";
import type { ServedRegistry, ServeRegistryOptions } from "./serve-registry-options";
import { toMcpContent } from "./to-mcp-content";
import { advertisedOutputSchema, toServedTool } from "./to-served-tool";

/**
 * Serves the tools of `registry` on an MCP `server` (a low-level `Server`, or `mcpServer.server` of
 * an `McpServer` that registers no tools itself). Every `tools/call` runs through `runToolCall` —
 * coercion, validation, hooks, seams, time limits — and every outcome, a validation error or a
 * block included, is a `CallToolResult` (`isError: true` for failures), never a JSON-RPC error;
 * only an unknown name is (`Tool <name> not found`, as the MCP spec asks). Every content block is
 * sent one to one (a `file` as a resource link or an embedded resource). Each call gets its own
 * request through {@link McpRequestSeam} (logging, sampling, elicitation, session and auth), and a
 * tool's updates become progress notifications with its `progress`, `total` and `message`.
 * Registry changes send one debounced `notifications/tools/list_changed`. Call it before
 * `server.connect`.
 */
export function serveRegistry<TContext = unknown>(
  registry: ToolRegistry,
  server: Server,
  options: ServeRegistryOptions<TContext> = {},
): ServedRegistry {
  const isServed = (tool: Tool): boolean => {
    if (options.includeMounted !== true && getMcpToolInfo(tool) !== undefined) return false;
    if (options.filter === undefined) return true;
    try {
      return options.filter(tool) === true;
    } catch {
      return false;
    }
  };
  try {
    server.registerCapabilities(
      options.logging === false
        ? { tools: { listChanged: true } }
        : { tools: { listChanged: true }, logging: {} },
    );
  } catch (error) {
    throw new McpBridgeError(
      "INVALID_OPTIONS",
      "serveRegistry must be called before server.connect()",
      { cause: error },
    );
  }
  // The run's own seams, read once; each call adds its request on a copy.
  const baseSeams = [...(options.run?.seams ?? [])] as Array<readonly [Seam<unknown>, unknown]>;
  server.setRequestHandler("tools/list", () => ({
    tools: registry
      .list()
      .filter(isServed)
      .map((tool) => toServedTool(tool, options.annotations)),
  }));
  server.setRequestHandler("tools/call", async (request, context) => {
    const { name } = request.params;
    const tool = registry.get(name);
    if (tool === undefined || !isServed(tool)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    }
    const result = await callServedTool(
      registry,
      tool,
      request.params.arguments,
      context,
      options,
      baseSeams,
    );
    return server.projectCallToolResult(result, advertisedOutputSchema(tool));
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const notify =
    options.notify === false
      ? undefined
      : (options.notify ?? (() => void server.sendToolListChanged().catch(() => {})));
  const unsubscribe = registry.subscribe((change) => {
    if (notify === undefined || timer !== undefined || !isServed(change.tool)) return;
    timer = setTimeout(() => {
      timer = undefined;
      try {
        notify();
      } catch {
        // A notifier of the application's never breaks the registry.
      }
    }, options.listChangedDebounceMs ?? 10);
  });
  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      server.removeRequestHandler("tools/list");
      server.removeRequestHandler("tools/call");
    },
  };
}

async function callServedTool<TContext>(
  registry: ToolRegistry,
  tool: Tool,
  args: Record<string, unknown> | undefined,
  context: ServerContext,
  options: ServeRegistryOptions<TContext>,
  baseSeams: ReadonlyArray<readonly [Seam<unknown>, unknown]>,
): Promise<CallToolResult> {
  const sessionPart = context.sessionId === undefined ? "" : `${context.sessionId}-`;
  const onUpdate = options.progress === false ? undefined : createProgressSender(context.mcpReq);
  try {
    const hookContext =
      options.context === undefined ? options.run?.context : options.context(context);
    const seams: SeamImplementations = new Map(baseSeams).set(
      McpRequestSeam,
      createServedRequest(context),
    );
    const outcome = await runToolCall(
      {
        type: "toolCall",
        id: `mcp-${sessionPart}${String(context.mcpReq.id)}`,
        name: tool.name,
        arguments: args ?? {},
      },
      {
        ...options.run,
        tools: registry,
        seams,
        signal: context.mcpReq.signal,
        context: hookContext,
        onUpdate,
      },
    );
    const result: CallToolResult = { content: outcome.result.content.map(toMcpContent) };
    if (
      outcome.result.structuredContent !== undefined &&
      outcome.result.structuredContent !== null
    ) {
      result.structuredContent = outcome.result.structuredContent as Record<string, unknown>;
    }
    if (outcome.isError) result.isError = true;
    return result;
  } catch (error) {
    return {
      content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }],
      isError: true,
    };
  }
}

/**
 * Sends a tool's updates as `notifications/progress` when the request asked for progress: the
 * update's `progress`, `total` and `message` as given, the running count of updates when it has no
 * `progress`, and its first text block when it has no `message`. Sent in order, related to the
 * request.
 */
function createProgressSender(
  request: ServerContext["mcpReq"],
): ((partial: ToolUpdate) => Promise<void>) | undefined {
  const progressToken = request._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let updates = 0;
  return (partial) => {
    updates += 1;
    const message =
      partial.message ?? partial.content?.find((block) => block.type === "text")?.text;
    return request
      .notify({
        method: "notifications/progress",
        params: {
          progressToken,
          progress: partial.progress ?? updates,
          ...(partial.total !== undefined && { total: partial.total }),
          ...(message !== undefined && { message }),
        },
      })
      .catch(() => {});
  };
}
