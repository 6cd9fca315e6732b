import type { AssistantMessage, SystemMessage } from "@toolwright/tool-core";
import type {
  ToolBatchResultMode,
  ToolCallErrorType,
  ToolExecutionEvent,
} from "@toolwright/tool-exec";
import type { Scene } from "./chat-model";

/** How a batch ran: concurrently, one call at a time, or not at all (cut-off message). */
export type BatchMode = ToolBatchResultMode;

/** Why the loop stopped. */
/**
 * Why the loop ended. `suspended`: a tool call awaits a human decision (SPEC §10); the loop stops
 * there, since the provider needs every result of the assistant message together.
 */
export type LoopEndReason =
  | "terminate"
  | "answered"
  | "max_turns"
  | "aborted"
  | "model_error"
  | "suspended";

/** What the agent loop reports, in order. Every event is plain JSON (`--json` prints them). */
export type AgentEvent =
  | {
      /** Tool changes were written into the transcript before this request. */
      readonly type: "tools_declared";
      readonly turn: number;
      readonly message: SystemMessage;
      readonly toolsAdded: readonly string[];
      readonly toolsRemoved: readonly string[];
    }
  | {
      readonly type: "model_request";
      readonly turn: number;
      readonly messageCount: number;
      /** The model-visible tools, replayed from the transcript. */
      readonly tools: readonly string[];
    }
  | {
      readonly type: "assistant_message";
      readonly turn: number;
      readonly message: AssistantMessage;
      readonly scene?: Scene;
    }
  | {
      /** The executor's first event of a batch is next. */
      readonly type: "batch_start";
      readonly turn: number;
      /** The executor function that runs it; default `executeAssistantMessage`. */
      readonly via?: string;
    }
  | (ToolExecutionEvent & { readonly turn: number })
  | {
      readonly type: "batch_end";
      readonly turn: number;
      /** How `executeAssistantMessage` ran the batch. */
      readonly mode: BatchMode;
      readonly terminate: boolean;
      /** Why each failed call failed, in source order (the outcomes' `errorType`). */
      readonly errorTypes: readonly ToolCallErrorType[];
      /** The order the result messages went into the transcript (the assistant's source order). */
      readonly resultOrder: readonly string[];
    }
  | {
      readonly type: "loop_end";
      readonly turn: number;
      readonly reason: LoopEndReason;
      /** For `model_error`: what went wrong. */
      readonly error?: string;
    };
