import type { ServerContext } from "@modelcontextprotocol/server";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpRequest } from "./mcp-request-seam";

/**
 * The {@link McpRequest} of one `tools/call`, made from the SDK's request context: every method
 * goes through that context, so what a tool sends is related to its own request (on Streamable
 * HTTP, the request's own stream) and nothing is shared between requests or sessions.
 */
export function createServedRequest(context: ServerContext): McpRequest {
  const { mcpReq } = context;
  const related = { relatedRequestId: mcpReq.id, signal: mcpReq.signal };
  return {
    requestId: mcpReq.id,
    sessionId: context.sessionId,
    authInfo: context.http?.authInfo,
    signal: mcpReq.signal,
    log: (level, data, logger) => mcpReq.log(level, data, logger),
    sample: (params) =>
      mcpReq.requestSampling(params, related).catch((error: unknown) => {
        throw refusedByEra(error, "sampling/createMessage");
      }),
    elicit: (params) =>
      mcpReq.elicitInput(params, related).catch((error: unknown) => {
        throw refusedByEra(error, "elicitation/create");
      }),
    closeStream: context.http?.closeSSE,
  };
}

/** The SDK's refusal of a server-to-client request on a 2026-07-28 connection, said plainly. */
function refusedByEra(error: unknown, method: string): unknown {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code !== "METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION") return error;
  return new McpBridgeError(
    "UNSUPPORTED",
    `${method} is not available to a served tool on this connection: on protocol revision 2026-07-28 the MCP SDK refuses server-to-client requests (serve on a long-lived Server, over stdio or Streamable HTTP with sessions, to use it)`,
    { cause: error },
  );
}
