import type { ToolExecutionEvent } from "@toolwright/tool-exec";
import type { AssistantMessage, SystemMessage } from "@toolwright/transcript";
import type { Scene } from "./chat-model";

/** How a batch ran: concurrently, one call at a time, or not at all (cut-off message). */
export type BatchMode = "parallel" | "sequential" | "truncated";

/** Why the loop stopped. */
export type LoopEndReason = "terminate" | "answered" | "max_turns" | "aborted" | "model_error";

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
      readonly type: "batch_start";
      readonly turn: number;
      readonly mode: BatchMode;
      readonly toolCallIds: readonly string[];
    }
  | (ToolExecutionEvent & { readonly turn: number })
  | {
      readonly type: "batch_end";
      readonly turn: number;
      readonly terminate: boolean;
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
