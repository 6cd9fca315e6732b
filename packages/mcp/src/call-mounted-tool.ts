import type { CompiledSchema } from "@toolwright/schema-coerce";
import { formatIssuePath } from "@toolwright/schema-coerce";
import type { ToolContent, ToolContext, ToolResult } from "@toolwright/tool-core";
import { mapMcpContent } from "./map-mcp-content";
import { McpBridgeError } from "./mcp-bridge-error";
import {
  CANCELLED_BY_CLIENT,
  connectionClosedText,
  inactivityText,
  notConnectedText,
  refusedText,
} from "./mcp-call-texts";
import type { McpClientLike, McpTool } from "./mcp-client-like";
import type { ResolvedMountOptions } from "./resolve-mount-options";

/** What a mounted tool's `execute` needs: its listing, its names, and the mount's live client. */
export interface MountedToolBinding {
  readonly options: ResolvedMountOptions;
  /** The Toolwright name. */
  readonly name: string;
  /** The listed tool, as it was mapped. */
  readonly mcpTool: McpTool;
  /** The listed tool without `outputSchema`, for `callTool`'s `toolDefinition`. */
  readonly definition: McpTool;
  /** The compiled output schema, when output is validated. */
  readonly outputValidator: CompiledSchema | undefined;
  /** The mount's client while it is connected, else `undefined`. */
  readonly connectedClient: () => McpClientLike | undefined;
}

/** The `details` of a mounted tool's result. */
export interface McpResultDetails {
  readonly mcp: {
    readonly mountId: string;
    readonly name: string;
    readonly content: unknown;
    readonly structuredContent: unknown;
    readonly isError: boolean;
    readonly meta: unknown;
  };
}

/** Calls the MCP tool behind a mounted tool and maps its result (`execute`). */
export async function callMountedTool(
  binding: MountedToolBinding,
  params: Readonly<Record<string, unknown>>,
  context: ToolContext,
): Promise<ToolResult<McpResultDetails>> {
  const { options, mcpTool } = binding;
  const client = binding.connectedClient();
  if (client === undefined) {
    throw new McpBridgeError("NOT_CONNECTED", notConnectedText(options.id));
  }
  if (context.signal.aborted) throw context.signal.reason;
  // The executor's abort reasons (timeouts, run aborts) stay local: the server only ever hears
  // one fixed reason.
  const controller = new AbortController();
  const relayAbort = () => controller.abort(CANCELLED_BY_CLIENT);
  context.signal.addEventListener("abort", relayAbort, { once: true });
  let result: Awaited<ReturnType<McpClientLike["callTool"]>>;
  try {
    result = await client.callTool(
      { name: mcpTool.name, arguments: params as Record<string, unknown> },
      {
        signal: controller.signal,
        timeout: options.requestTimeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          const { total, message } = progress;
          const text =
            message ?? (total ? `${progress.progress}/${total}` : `${progress.progress}`);
          // The fields of the notification also travel as the update's own progress fields, so
          // a registry that serves this tool again passes the server's numbers on unchanged.
          context.onUpdate({
            content: [{ type: "text", text }],
            details: { progress: progress.progress, total, message },
            progress: progress.progress,
            ...(total !== undefined && { total }),
            ...(message !== undefined && { message }),
          });
        },
        toolDefinition: binding.definition,
      },
    );
  } catch (error) {
    if (context.signal.aborted) throw context.signal.reason;
    throw new Error(describeCallFailure(options, mcpTool.name, error), { cause: error });
  } finally {
    context.signal.removeEventListener("abort", relayAbort);
  }
  return mapCallResult(binding, result);
}

function describeCallFailure(
  options: ResolvedMountOptions,
  mcpName: string,
  error: unknown,
): string {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === "CONNECTION_CLOSED") return connectionClosedText(options.id);
  if (code === "REQUEST_TIMEOUT") return inactivityText(options.id, options.requestTimeoutMs);
  // The SDK says "Not connected" when the transport went away before the request was sent: the
  // call never reached the server.
  if (code === "NOT_CONNECTED" || (error instanceof Error && error.message === "Not connected")) {
    return notConnectedText(options.id);
  }
  const message = error instanceof Error ? error.message : String(error);
  return refusedText(options.id, mcpName, message);
}

function mapCallResult(
  binding: MountedToolBinding,
  result: Awaited<ReturnType<McpClientLike["callTool"]>>,
): ToolResult<McpResultDetails> {
  const { options, mcpTool } = binding;
  const isError = result.isError === true;
  const structuredContent: unknown = result.structuredContent;
  const details: McpResultDetails = {
    mcp: {
      mountId: options.id,
      name: mcpTool.name,
      content: result.content,
      structuredContent,
      isError,
      meta: result._meta,
    },
  };
  const mapped = mapMcpContent(result.content, {
    respectAudience: options.respectAudience,
    mapContent: options.mapContent,
  });
  let content: ToolContent[] = mapped.content;
  if (content.length === 0 && structuredContent !== undefined) {
    content = [{ type: "text", text: JSON.stringify(structuredContent) }];
  }
  // An error result's structured value is never validated and never passed on as the tool's
  // structured output: servers often put a diagnostic there that does not match the schema.
  if (isError) return { content, details, isError: true };
  if (binding.outputValidator !== undefined) {
    const failure = checkOutput(binding.outputValidator, binding.name, structuredContent);
    if (failure !== undefined)
      return { content: [{ type: "text", text: failure }], details, isError: true };
  }
  return structuredContent === undefined
    ? { content, details }
    : { content, details, structuredContent };
}

function checkOutput(validator: CompiledSchema, name: string, value: unknown): string | undefined {
  const header = `Output of tool "${name}" does not match its schema:`;
  // The MCP spec requires structured output from a tool that declares an output schema.
  if (value === undefined) return `${header}\n  - root: missing`;
  if (validator.check(value)) return undefined;
  const lines = validator
    .errors(value)
    .map((issue) => `  - ${formatIssuePath(issue.path)}: ${issue.message}`);
  return `${header}\n${lines.join("\n")}`;
}
