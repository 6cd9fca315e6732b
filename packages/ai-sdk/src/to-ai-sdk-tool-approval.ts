import type { ToolCall, ToolSource } from "@toolwright/tool-core";
import { describeThrown, needsApprovalFailedText } from "@toolwright/tool-exec";
import type { ModelMessage, ToolApprovalStatus, ToolSet } from "ai";
import { readToolSource } from "./to-ai-sdk-tools";

/** Options of {@link toAiSdkToolApproval}. */
export interface AiSdkToolApprovalOptions<TContext = unknown> {
  /** What a tool's `needsApproval` sees as `context` (the same value you give `toAiSdkTools`). */
  readonly context?: TContext | undefined;
  /** What a tool's `needsApproval` sees as `signal`. Default: a signal that never aborts. */
  readonly signal?: AbortSignal | undefined;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * What `toAiSdkToolApproval` returns: a function for the `toolApproval` option of any tool set
 * (it reads only these fields of what the AI SDK passes).
 *
 * **Contract:** never throws; answers `undefined` (no approval), `"user-approval"`, or an object
 * status with a `reason`.
 */
export type AiSdkToolApprovalFunction = (options: {
  readonly toolCall: {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: unknown;
  };
  readonly tools: ToolSet | undefined;
  readonly messages: ModelMessage[];
}) => Promise<ToolApprovalStatus>;

/**
 * A function for the `toolApproval` option of `generateText`/`streamText` that carries
 * Toolwright's approval into the AI SDK's approval request: a tool's `needsApproval` answering
 * `{ reason }` becomes a `user-approval` status with that reason (the AI SDK puts it on the
 * approval request, for the person deciding); `true` asks without a reason; a falsy answer needs no
 * approval. A check that throws denies the call with `needsApproval of tool <name> failed: …` as
 * the reason (fail closed: the model reads why). A tool of the tool set that is not in `tools` (an
 * AI SDK tool you added beside the Toolwright ones) keeps its own `needsApproval`.
 *
 * Not needed for approval to work: `toAiSdkTools` already maps `needsApproval` onto the AI SDK's
 * tool-level check; this adds the reason. `details` of a `needsApproval` answer have no place in
 * the AI SDK's request and are not carried.
 *
 * @example
 * await generateText({ model, messages, tools: toAiSdkTools(registry), toolApproval: toAiSdkToolApproval(registry) });
 */
export function toAiSdkToolApproval<TContext = unknown>(
  tools: ToolSource,
  options: AiSdkToolApprovalOptions<TContext> = {},
): AiSdkToolApprovalFunction {
  const registry = readToolSource(tools);
  return async ({ toolCall, tools: toolSet, messages }) => {
    const tool = registry.get(toolCall.toolName);
    if (tool === undefined) return ownApproval(toolSet, toolCall, messages);
    const needsApproval = tool.needsApproval;
    if (typeof needsApproval !== "function")
      return needsApproval === true ? "user-approval" : undefined;
    const call: ToolCall = {
      type: "toolCall",
      id: toolCall.toolCallId,
      name: tool.name,
      arguments: toolCall.input as Readonly<Record<string, unknown>>,
    };
    let answer: unknown;
    try {
      answer = await needsApproval(toolCall.input as never, {
        toolCall: call,
        context: options.context,
        signal: options.signal ?? NEVER_ABORTED,
      });
    } catch (error) {
      return { type: "denied", reason: needsApprovalFailedText(tool.name, describeThrown(error)) };
    }
    if (!answer) return undefined;
    const reason = typeof answer === "object" ? (answer as { reason?: unknown }).reason : undefined;
    return typeof reason === "string" ? { type: "user-approval", reason } : "user-approval";
  };
}

/** An AI SDK tool of the set that Toolwright does not know: its own tool-level check. */
async function ownApproval(
  toolSet: ToolSet | undefined,
  toolCall: { readonly toolCallId: string; readonly toolName: string; readonly input: unknown },
  messages: ModelMessage[],
): Promise<ToolApprovalStatus> {
  const own =
    toolSet === undefined
      ? undefined
      : Object.hasOwn(toolSet, toolCall.toolName)
        ? toolSet[toolCall.toolName]
        : undefined;
  const needsApproval = own?.needsApproval;
  if (needsApproval === undefined) return undefined;
  const needed =
    typeof needsApproval === "function"
      ? await needsApproval(toolCall.input, {
          toolCallId: toolCall.toolCallId,
          messages,
          context: undefined,
        })
      : needsApproval;
  return needed ? "user-approval" : undefined;
}
