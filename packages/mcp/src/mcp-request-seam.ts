import type {
  AuthInfo,
  CreateMessageRequestParams,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  LoggingLevel,
  RequestId,
} from "@modelcontextprotocol/client";
import { defineSeam, type Seam } from "@toolwright/tool-core";

/**
 * The MCP request a served tool is running for, as `serveRegistry` provides it through
 * {@link McpRequestSeam}: one object per `tools/call`, so two sessions (or two calls of one
 * session) never see each other's request.
 */
export interface McpRequest {
  /** The JSON-RPC id of the `tools/call` request. */
  readonly requestId: RequestId;
  /** The transport's session id, when the transport has sessions (Streamable HTTP with sessions). */
  readonly sessionId?: string | undefined;
  /** What the HTTP layer's authentication validated (its `authInfo`), when there is one. */
  readonly authInfo?: AuthInfo | undefined;
  /** Aborts when the client cancels the request or the connection goes away. */
  readonly signal: AbortSignal;
  /**
   * Sends `notifications/message` to the client, related to this request. Respects the level the
   * client set with `logging/setLevel` (on a 2026-07-28 connection, the level the request carries;
   * without one, nothing is sent). Resolves once sent or left out.
   *
   * **Contract:** may reject when the connection is gone; never throws synchronously.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`), related to this request.
   *
   * **Contract:** rejects when the client did not declare `sampling`, refuses, or the request is
   * cancelled; rejects with `McpBridgeError` `UNSUPPORTED` on a 2026-07-28 connection, where the
   * MCP SDK refuses server-to-client requests.
   */
  sample(
    params: CreateMessageRequestParams,
  ): Promise<CreateMessageResult | CreateMessageResultWithTools>;
  /**
   * Asks the client's user for input (`elicitation/create`), related to this request.
   *
   * **Contract:** rejects when the client did not declare `elicitation` (for a form, its `form`
   * mode), or the request is cancelled; rejects with `McpBridgeError` `UNSUPPORTED` on a 2026-07-28
   * connection, where the MCP SDK refuses server-to-client requests.
   */
  elicit(params: ElicitRequestFormParams | ElicitRequestURLParams): Promise<ElicitResult>;
  /**
   * Closes this request's SSE stream, so the client reconnects and resumes it from the event store
   * (Streamable HTTP with an event store only; `undefined` elsewhere).
   *
   * **Contract:** never throws; the call goes on and its result reaches the resumed stream.
   */
  readonly closeStream?: (() => void) | undefined;
}

/**
 * The seam through which a tool served by `serveRegistry` reaches its MCP request: `sessionId`,
 * `authInfo`, logging, sampling and elicitation. `serveRegistry` provides it for every call; a run
 * outside MCP does not. Read it with `getMcpRequest(context)`, which gives `undefined` outside MCP;
 * or declare it in the tool's `seams` when the tool cannot work without it (the executor then
 * refuses the call outside MCP with `Seam mcp-request is not provided`).
 */
export const McpRequestSeam: Seam<McpRequest> = defineSeam<McpRequest>("mcp-request");
