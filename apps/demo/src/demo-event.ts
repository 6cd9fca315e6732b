import type { CoercionChange } from "@toolwright/schema-coerce";
import type { TranscriptToolSupport } from "@toolwright/transcript";
import type { AgentEvent, LoopEndReason } from "./agent-event";
import type { EffectLine } from "./journal/crash-tools";
import type { JournalRecordView } from "./journal/describe-journal-records";
import type { ProviderContentView } from "./mcp/describe-provider-content";

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
      /** A tool's results as `@toolwright/providers` writes them for each dialect (bytes summarized). */
      readonly type: "provider_content";
      readonly turn: number;
      readonly toolName: string;
      readonly views: readonly ProviderContentView[];
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
  | {
      /** A scene of a runner without a model (the crash scene): a heading and what it shows. */
      readonly type: "scene";
      readonly title: string;
      readonly narration: string;
    }
  | {
      /** The crash scene's child process started its batch. */
      readonly type: "child_started";
      readonly pid: number;
      readonly batchId: string;
    }
  | {
      /** The child was killed after printing `markers`: its calls were mid-flight. */
      readonly type: "child_killed";
      readonly pid: number;
      readonly signal: string | null;
      readonly markers: readonly string[];
    }
  | {
      /** Every effect the crash scene's tools had, in both processes, from the synced effects file. */
      readonly type: "effects";
      readonly path: string;
      readonly lines: readonly EffectLine[];
    }
  | {
      /** `--queue`: Redis, the queue and the worker processes are ready. */
      readonly type: "queue_ready";
      readonly redis: string;
      /** True when the demo started this Redis (and stops it at the end). */
      readonly startedRedis: boolean;
      readonly queueName: string;
      readonly coordinatorPid: number;
      readonly workers: readonly { readonly name: string; readonly pid: number }[];
    }
  | {
      /** `--queue`: which process executed a call (`coordinator` for the local ones). */
      readonly type: "ran_on";
      readonly turn: number;
      readonly toolCallId: string;
      readonly toolName: string;
      readonly worker: string;
      readonly pid: number;
    }
  | {
      /** What the journal holds for one batch, in append order (`--journal`, the crash scene). */
      readonly type: "journal_records";
      readonly batchId: string;
      /** Why the demo shows it: `suspended`, `after the crash`, `after recovery`. */
      readonly moment: string;
      readonly records: readonly JournalRecordView[];
    }
  | {
      /** The end of a `--journal DIR` run: what the folder holds. */
      readonly type: "journal_summary";
      readonly dir: string;
      readonly batches: number;
      readonly records: number;
      readonly started: number;
      readonly settled: number;
      /** Batches with no `completed` record (listOpenToolBatches); none after a clean run. */
      readonly open: readonly string[];
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
