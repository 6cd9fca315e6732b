/**
 * Every text a mounted tool throws, in one place: they are part of the package's contract and
 * the model reads them, so tests import them rather than retyping them.
 */

/** The reason relayed to the server in `notifications/cancelled`; the executor's own never is. */
export const CANCELLED_BY_CLIENT = "Cancelled by the client";

/** A call while the mount is disconnected, reconnecting or closed. */
export function notConnectedText(mountId: string): string {
  return `MCP server "${mountId}" is not connected`;
}

/** The connection closed while the call was in flight. */
export function connectionClosedText(mountId: string): string {
  return `MCP server "${mountId}" closed the connection during the call; the call may or may not have taken effect`;
}

/** Neither a response nor a progress notification arrived within `requestTimeoutMs`. */
export function inactivityText(mountId: string, requestTimeoutMs: number): string {
  return `MCP server "${mountId}" sent no response or progress for ${requestTimeoutMs} ms`;
}

/** Any other failure of the call: a protocol error, an invalid result, an unfulfillable input request. */
export function refusedText(mountId: string, mcpName: string, message: string): string {
  return `MCP server "${mountId}" refused the call to "${mcpName}": ${message}`;
}
