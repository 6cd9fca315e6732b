import type { CoercionChange } from "@toolwright/schema-coerce";
import type { TranscriptToolSupport } from "@toolwright/transcript";
import type { AgentEvent, LoopEndReason } from "./agent-event";

/** What `resolveTranscriptTools` gives one provider mode, as names and counts. */
export interface ProviderModeView {
  readonly support: TranscriptToolSupport;
  /** The request's top-level tool list. */
  readonly requestTools: readonly string[];
  /** How many system messages have their tool changes folded into `requestTools`. */
  readonly foldedSystemMessages: number;
  /** The tools still declared in place by system messages after the fold point. */
  readonly inPlace: readonly string[];
}

/** Everything the demo reports: the loop's events plus the application's own. Plain JSON. */
export type DemoEvent =
  | AgentEvent
  | {
      readonly type: "demo_start";
      readonly model: string;
      readonly sandbox: string;
      readonly files: readonly string[];
      readonly tools: readonly string[];
    }
  | {
      /** Validation coerced a call's arguments; `changes` lists each rule applied. */
      readonly type: "coercions";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly changes: readonly CoercionChange[];
    }
  | {
      readonly type: "blocked";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly reason: string;
    }
  | {
      readonly type: "redacted";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly secrets: number;
    }
  | {
      /** The application changed the executable tools (declared at the next request). */
      readonly type: "tool_set_changed";
      readonly turn: number;
      readonly added: readonly string[];
      readonly removed: readonly string[];
    }
  | {
      readonly type: "provider_modes";
      readonly turn: number;
      readonly modes: readonly ProviderModeView[];
    }
  | {
      /** A suspended batch's state, written to disk as JSON before anyone is asked. */
      readonly type: "batch_state_saved";
      readonly turn: number;
      readonly path: string;
      readonly bytes: number;
      readonly batchId: string;
      readonly revision: number;
      readonly mode: "parallel" | "sequential";
      /** Every call of the batch with its status in the state, source order. */
      readonly calls: readonly {
        readonly toolCallId: string;
        readonly toolName: string;
        readonly status: "settled" | "awaiting_approval" | "deferred";
        readonly reason?: string;
      }[];
    }
  | { readonly type: "transcript_written"; readonly path: string; readonly lines: number }
  | {
      /** The saved transcript, parsed back and replayed. */
      readonly type: "replay";
      readonly source: string;
      readonly tools: readonly string[];
      readonly matchesRegistry: boolean;
    }
  | {
      readonly type: "demo_end";
      readonly reason: LoopEndReason;
      readonly turns: number;
      readonly toolCalls: number;
      readonly errors: number;
      readonly durationMs: number;
    };
