import type { BeforeToolCallHook } from "@toolwright/tool-exec";
import type { Workspace } from "../tools";

/** Tools whose `path` argument the policy checks. */
const PATH_TOOLS = new Set(["read_file", "write_file", "list_dir", "word_count"]);

/**
 * Told about each call the policy blocks, before the block takes effect.
 *
 * **Contract:** synchronous; must not throw (a throw would fail the call with its message
 * instead of the policy's reason).
 */
export type PolicyListener = (toolCallId: string, toolName: string, reason: string) => void;

/**
 * A `beforeToolCall` policy: any file tool whose validated `path` leaves the sandbox is blocked
 * before it runs, with a reason the model can act on. The tools refuse such paths too; the policy
 * is the layer an application controls, and it stops the call before any side effect.
 */
export function createSandboxPolicy(
  workspace: Workspace,
  onBlock?: PolicyListener,
): BeforeToolCallHook {
  return ({ toolCall, args }) => {
    if (!PATH_TOOLS.has(toolCall.name)) return undefined;
    const path = typeof args.path === "string" ? args.path : ".";
    if (workspace.resolve(path) !== undefined) return undefined;
    const reason = `Blocked by policy: ${toolCall.name} may only touch files inside the sandbox, and "${path}" is outside it.`;
    onBlock?.(toolCall.id, toolCall.name, reason);
    return { block: true, reason };
  };
}
