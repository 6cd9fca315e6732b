import type {
  AssistantMessage,
  Tool,
  ToolArgumentsError,
  ToolCall,
  ToolContent,
  ToolResult,
  Usage,
} from "@toolwright/tool-core";

/**
 * The coercions applied to a call's arguments (`{ path, rule, from, to }` each), as
 * `ToolArgumentsError.changes` describes them.
 */
export type ToolArgumentCoercions = ToolArgumentsError["changes"];

/** What a hook may return: its result, nothing, or a promise of either. */
// biome-ignore lint/suspicious/noConfusingVoidType: a block-bodied hook that returns nothing is typed void, and must be accepted
export type HookReturn<T> = T | undefined | void | PromiseLike<T | undefined | void>;

/** What `beforeToolCall` sees: a call whose arguments already validated. */
export interface BeforeToolCallContext<TContext = unknown> {
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The tool about to run. */
  readonly tool: Tool;
  /** The validated, coerced params `execute` will receive. */
  readonly args: Readonly<Record<string, unknown>>;
  /**
   * The coercions applied to the arguments (`[]` when they were valid as written): what the
   * model got wrong and the executor fixed — worth logging, or feeding back to a prompt.
   */
  readonly coercions: ToolArgumentCoercions;
  /** The application's `context` option, passed through untouched. */
  readonly context: TContext | undefined;
  /**
   * The assistant message the call came from, when the batch was run by
   * `executeAssistantMessage` (nested calls see their parent's); `undefined` for a bare batch or a
   * single call.
   */
  readonly assistantMessage: AssistantMessage | undefined;
}

/** What `beforeToolCall` may return. */
export interface BeforeToolCallResult {
  /** `true` stops the call: `execute` does not run and the call ends as an error result. */
  readonly block?: boolean | undefined;
  /** The error result's text when blocked; `Tool execution was blocked` when absent or empty. */
  readonly reason?: string | undefined;
  /** With `block`, the blocked result votes to stop the agent after this batch. Ignored without `block`. */
  readonly terminate?: boolean | undefined;
}

/**
 * A policy gate that runs after validation and before `execute`.
 *
 * **Contract:** may be async; must not mutate `context.args` (return `block` instead of editing a
 * call). May throw or reject: the call ends as an error result with the thrown message. Should
 * respect `signal`; the executor checks it again after the hook (an aborted signal then wins over a
 * block or a throw: the call ends as `Operation aborted`). Returning nothing lets the call run. The
 * returned object is read once; a getter that throws ends the call as `before_tool_call_error`.
 */
export type BeforeToolCallHook<TContext = unknown> = (
  context: BeforeToolCallContext<TContext>,
  signal: AbortSignal,
) => HookReturn<BeforeToolCallResult>;

/** What `afterToolCall` sees: a call whose `execute` ran (successfully or not). */
export interface AfterToolCallContext<TContext = unknown> {
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The tool that ran. */
  readonly tool: Tool;
  /** The validated params `execute` received. */
  readonly args: Readonly<Record<string, unknown>>;
  /**
   * The result so far. For a tool declared with `output: { schema, render }`, `content` is still
   * empty and `structuredContent` is the validated value: return `structuredContent` to rewrite the
   * value (it is validated again, then rendered), or `content` to replace the rendering.
   */
  readonly result: ToolResult;
  /** `result.isError === true`. */
  readonly isError: boolean;
  /** The application's `context` option, passed through untouched. */
  readonly context: TContext | undefined;
  /** As in {@link BeforeToolCallContext.assistantMessage}. */
  readonly assistantMessage: AssistantMessage | undefined;
}

/**
 * Fields that replace the result's fields whole — never a deep merge. A field counts as returned
 * when it is not `undefined` (`null` replaces). Returning `content` without `structuredContent`
 * drops `structuredContent`, since it may no longer match the new content.
 */
export interface AfterToolCallResult {
  readonly content?: readonly ToolContent[] | undefined;
  readonly details?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean | undefined;
  readonly usage?: Usage | undefined;
  readonly terminate?: boolean | undefined;
}

/**
 * Rewrites a result after `execute` (redaction, usage patches, policy verdicts).
 *
 * **Contract:** may be async; must not mutate `context.result` (return the fields to replace).
 * May throw or reject: the call becomes an error result with the thrown message that keeps
 * `durationMs`. Returning nothing keeps the result. The returned object is read once; a getter
 * that throws ends the call as `after_tool_call_error`. Never runs for calls that ended before
 * `execute` (abort, unknown tool, invalid arguments, blocked).
 */
export type AfterToolCallHook<TContext = unknown> = (
  context: AfterToolCallContext<TContext>,
  signal: AbortSignal,
) => HookReturn<AfterToolCallResult>;
