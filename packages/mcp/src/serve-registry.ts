import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Tool, ToolContent, ToolRegistry, ToolUpdate } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { getMcpToolInfo } from "./get-mcp-tool-info";
import { McpBridgeError } from "./mcp-bridge-error";
import type { ServedRegistry, ServeRegistryOptions } from "./serve-registry-options";
import { advertisedOutputSchema, toServedTool } from "./to-served-tool";

/**
 * Serves the tools of `registry` on an MCP `server` (a low-level `Server`, or `mcpServer.server` of
 * an `McpServer` that registers no tools itself). Every `tools/call` runs through `runToolCall` —
 * coercion, validation, hooks, seams, time limits — and every outcome, a validation error or a
 * block included, is a `CallToolResult` (`isError: true` for failures), never a JSON-RPC error;
 * only an unknown name is (`Tool <name> not found`, as the MCP spec asks). Registry changes send
 * one debounced `notifications/tools/list_changed`. Call it before `server.connect`.
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
    server.registerCapabilities({ tools: { listChanged: true } });
  } catch (error) {
    throw new McpBridgeError(
      "INVALID_OPTIONS",
      "serveRegistry must be called before server.connect()",
      { cause: error },
    );
  }
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
    const result = await callServedTool(registry, tool, request.params.arguments, context, options);
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
): Promise<CallToolResult> {
  const sessionPart = context.sessionId === undefined ? "" : `${context.sessionId}-`;
  const progressToken = context.mcpReq._meta?.progressToken;
  let updates = 0;
  const onUpdate =
    options.progress === false || progressToken === undefined
      ? undefined
      : (partial: ToolUpdate) => {
          updates += 1;
          const message = partial.content?.find((part) => part.type === "text")?.text;
          return context.mcpReq
            .notify({
              method: "notifications/progress",
              params: {
                progressToken,
                progress: updates,
                ...(message !== undefined && { message }),
              },
            })
            .catch(() => {});
        };
  try {
    const hookContext =
      options.context === undefined ? options.run?.context : options.context(context);
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

function toMcpContent(part: ToolContent): CallToolResult["content"][number] {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image":
    case "audio":
      return { type: part.type, data: part.data, mimeType: part.mimeType };
    case "file":
      // MCP has no file block: a file by URL is a link to it, a file by value an embedded blob.
      return part.url === undefined
        ? {
            type: "resource",
            resource: { uri: `data:${part.mimeType}`, mimeType: part.mimeType, blob: part.data },
          }
        : {
            type: "resource_link",
            uri: part.url,
            name: part.filename ?? part.url,
            ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
          };
    case "resource_link":
    case "resource":
      return part as CallToolResult["content"][number];
  }
}
