import type { ServerContext } from "@modelcontextprotocol/server";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpRequest } from "./mcp-request-seam";

/**
 * The {@link McpRequest} of one `tools/call`, made from the SDK's request context: every method
 * goes through that context, so what a tool sends is related to its own request (on Streamable
 * HTTP, the request's own stream) and nothing is shared between requests or sessions. On HTTP
 * without a session (`createMcpHandler`'s per-request servers, a stateless transport) `sample` and
 * `elicit` reject at once: the client's answer would arrive as another HTTP request, which nothing
 * ties to this one.
 */
export function createServedRequest(context: ServerContext): McpRequest {
  const { mcpReq } = context;
  const stateless = context.http?.req !== undefined && context.sessionId === undefined;
  const related = { relatedRequestId: mcpReq.id, signal: mcpReq.signal };
  const ask = <T>(method: string, send: () => Promise<T>): Promise<T> =>
    stateless
      ? Promise.reject(unsupported(method, STATELESS_REASON))
      : send().catch((error: unknown) => {
          throw refusedByEra(error, method);
        });
  return {
    requestId: mcpReq.id,
    sessionId: context.sessionId,
    authInfo: context.http?.authInfo,
    signal: mcpReq.signal,
    log: (level, data, logger) => mcpReq.log(level, data, logger),
    sample: (params) =>
      ask("sampling/createMessage", () => mcpReq.requestSampling(params, related)),
    elicit: (params) => ask("elicitation/create", () => mcpReq.elicitInput(params, related)),
    closeStream: context.http?.closeSSE,
  };
}

const STATELESS_REASON =
  "an HTTP request without a session (createMcpHandler's per-request servers, or a stateless transport) cannot receive the client's answer, and on protocol revision 2026-07-28 the MCP SDK refuses server-to-client requests";
const ERA_REASON = "on protocol revision 2026-07-28 the MCP SDK refuses server-to-client requests";

/** The SDK's refusal of a server-to-client request on a 2026-07-28 connection, said plainly. */
function refusedByEra(error: unknown, method: string): unknown {
  const code =
    typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code !== "METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION") return error;
  return unsupported(method, ERA_REASON, error);
}

function unsupported(method: string, reason: string, cause?: unknown): McpBridgeError {
  return new McpBridgeError(
    "UNSUPPORTED",
    `${method} is not available to a served tool on this connection: ${reason}; serve on a long-lived Server (stdio, or Streamable HTTP with sessions) to use it`,
    cause === undefined ? undefined : { cause },
  );
}
