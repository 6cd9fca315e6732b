import type { Message, SystemMessage, ToolRegistry } from "@toolwright/tool-core";
import type {
  ExecuteToolBatchOptions,
  SuspendedBatch,
  SuspendedToolBatch,
  ToolApprovalDecision,
  ToolBatchOutcome,
  ToolExecutionEvent,
} from "@toolwright/tool-exec";
import { executeAssistantMessage, resumeToolBatch } from "@toolwright/tool-exec";
import { declareToolChanges, getCurrentTools, readToolFields } from "@toolwright/transcript";
import type { AgentEvent, LoopEndReason } from "./agent-event";
import type { ChatModel } from "./chat-model";

/** The executor options the loop passes to every batch (hooks, seams, limits). */
export type AgentBatchOptions = Omit<ExecuteToolBatchOptions, "tools" | "onEvent" | "signal">;

/** What the application sees before each model request. */
export interface AgentRequestState {
  /** 1-based number of the request about to be made. */
  readonly turn: number;
  /** The committed transcript so far. */
  readonly messages: readonly Message[];
}

/** How the application answers a suspended batch: the state to resume (as it stored it) and the decisions. */
export interface AgentResumption {
  readonly state: SuspendedBatch;
  readonly decisions: readonly ToolApprovalDecision[];
}

/** Options of {@link runAgentLoop}. */
export interface AgentLoopOptions {
  readonly model: ChatModel;
  /** The executable tools. The application may change it between requests. */
  readonly registry: ToolRegistry;
  readonly systemPrompt: string;
  readonly task: string;
  /** Stop after this many model requests. Default 12. */
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
  readonly batch?: AgentBatchOptions;
  /** The array the loop appends the transcript to, so the caller can read it live. Default: a new one. */
  readonly transcript?: Message[];
  /**
   * Runs before each model request, before tool changes are declared — where an application
   * adds or removes tools.
   *
   * **Contract:** may be async; may change `registry`; must not mutate `state.messages`. A throw
   * rejects `runAgentLoop`.
   */
  beforeRequest?(state: AgentRequestState): void | Promise<void>;
  /**
   * Receives every {@link AgentEvent}, awaited in order.
   *
   * **Contract:** must not mutate the event. A throw during a batch turns the current call into an
   * error result (the executor's rule); elsewhere it rejects `runAgentLoop`.
   */
  onEvent?(event: AgentEvent): void | Promise<void>;
  /**
   * A batch suspended: some calls await a human decision (SPEC §10). Return the state to resume
   * and the decisions, and the loop resumes the batch with the same tools, hooks and listeners; it
   * asks again if the batch suspends again.
   *
   * **Contract:** may be async; must not mutate `batch`. Returning `undefined` (or no hook) ends
   * the loop with `suspended` — the provider needs every result of the message, so the loop cannot
   * go on without them. A throw rejects `runAgentLoop`.
   */
  onSuspended?(batch: SuspendedToolBatch, turn: number): Promise<AgentResumption | undefined>;
}

/** How the loop ended, and the transcript it built. */
export interface AgentLoopResult {
  readonly messages: readonly Message[];
  readonly turns: number;
  readonly reason: LoopEndReason;
}

/**
 * The agent loop: declare tool changes into the transcript, ask the model, hand its message to
 * `executeAssistantMessage` (which runs the tool calls as one batch, or fails them all when the
 * message was cut off at the token limit), append the paired results, and repeat — until a batch says `terminate`, the model answers without tool calls, the
 * signal aborts, or `maxTurns` requests were made.
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopResult> {
  const maxTurns = options.maxTurns ?? 12;
  const emit = async (event: AgentEvent): Promise<void> => {
    await options.onEvent?.(event);
  };
  const messages: Message[] = options.transcript ?? [];
  let pending: Message[] = [
    { role: "system", content: options.systemPrompt, timestamp: Date.now() },
    { role: "user", content: options.task, timestamp: Date.now() },
  ];
  let turn = 0;
  const finish = async (reason: LoopEndReason, error?: string): Promise<AgentLoopResult> => {
    await emit({ type: "loop_end", turn, reason, ...(error === undefined ? {} : { error }) });
    return { messages, turns: turn, reason };
  };

  while (turn < maxTurns) {
    if (isAborted(options.signal)) return finish("aborted");
    turn += 1;
    await options.beforeRequest?.({ turn, messages });
    const declared = declareToolChanges({ messages, tools: options.registry }, pending);
    if (declared !== pending) await emitDeclaration(emit, turn, declared);
    messages.push(...(declared as Message[]));
    pending = [];

    const tools = getCurrentTools(messages);
    await emit({
      type: "model_request",
      turn,
      messageCount: messages.length,
      tools: tools.map((tool) => tool.name),
    });
    let response: Awaited<ReturnType<ChatModel["complete"]>>;
    try {
      response = await options.model.complete({
        messages,
        tools,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      if (isAborted(options.signal)) return finish("aborted");
      return finish("model_error", error instanceof Error ? error.message : String(error));
    }
    const { message } = response;
    messages.push(message);
    await emit({
      type: "assistant_message",
      turn,
      message,
      ...(response.scene === undefined ? {} : { scene: response.scene }),
    });

    // The executor decides which parts are calls, the mode, and what a cut-off message means; the
    // loop only frames its events with batch_start/batch_end for the renderers.
    let started = false;
    const batchOptions: ExecuteToolBatchOptions = {
      ...options.batch,
      tools: options.registry,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      onEvent: async (event: ToolExecutionEvent) => {
        if (!started) {
          started = true;
          await emit({ type: "batch_start", turn });
        }
        await emit({ ...event, turn });
      },
    };
    let batch: ToolBatchOutcome = await executeAssistantMessage(message, batchOptions);
    // A suspended batch has no messages to send back: the loop resumes it with the application's
    // decisions, or stops rather than ask the model again with results missing.
    while (batch.status === "suspended") {
      const resumption = await options.onSuspended?.(batch, turn);
      if (resumption === undefined)
        return finish(isAborted(options.signal) ? "aborted" : "suspended");
      const { mode: _mode, batchId: _batchId, ...resumeOptions } = batchOptions;
      batch = await resumeToolBatch(resumption.state, resumption.decisions, resumeOptions);
    }
    if (batch.outcomes.length === 0) return finish("answered");
    messages.push(...batch.messages);
    await emit({
      type: "batch_end",
      turn,
      mode: batch.mode,
      terminate: batch.terminate,
      resultOrder: batch.messages.map((result) => result.toolCallId),
      errorTypes: batch.outcomes.flatMap((outcome) =>
        outcome.errorType === undefined ? [] : [outcome.errorType],
      ),
    });
    if (batch.terminate) return finish("terminate");
  }
  return finish("max_turns");
}

async function emitDeclaration(
  emit: (event: AgentEvent) => Promise<void>,
  turn: number,
  declared: readonly Message[],
): Promise<void> {
  // The last message that changes tools: `declareToolChanges` writes at most one.
  for (let index = declared.length - 1; index >= 0; index--) {
    const message = declared[index] as Message;
    const { toolsAdded, toolsRemoved } = readToolFields(message, index);
    if (toolsAdded.length === 0 && toolsRemoved.length === 0) continue;
    await emit({
      type: "tools_declared",
      turn,
      message: message as SystemMessage,
      toolsAdded: toolsAdded.map((tool) => tool.name),
      toolsRemoved: toolsRemoved.map((tool) => tool.name),
    });
    return;
  }
}

// A function, not an inline check: TypeScript would keep `aborted` narrowed across awaits.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
