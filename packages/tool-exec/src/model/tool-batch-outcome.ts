import type { ToolResultMessage } from "@toolwright/tool-core";
import type { SuspendedBatch } from "./suspended-batch";
import type { ToolApprovalRequest } from "./tool-approval-request";
import type { ToolBatchResultMode } from "./tool-batch-mode";
import type { ToolCallOutcome } from "./tool-call-outcome";

/** Every call of the batch has exactly one result. */
export interface CompletedToolBatch {
  /** Always `"complete"`: check it before reading `messages`. */
  readonly status: "complete";
  /** The batch's id: the one given in the options, or a generated UUID. */
  readonly batchId: string;
  /** One transcript message per call, in source order. */
  readonly messages: ToolResultMessage[];
  /** One outcome per call, in source order, including calls settled in earlier runs. */
  readonly outcomes: ToolCallOutcome[];
  /** `shouldTerminateToolBatch(outcomes)` over all outcomes of the batch: every result asked to stop. */
  readonly terminate: boolean;
  /** How the calls ran: `"parallel"`, `"sequential"`, or `"truncated"` (none ran). */
  readonly mode: ToolBatchResultMode;
}

/**
 * Some calls wait for a human. Deliberately no `messages`: providers need every result of the
 * assistant message together, so `const { messages } = outcome` does not compile until `status`
 * is checked.
 */
export interface SuspendedToolBatch {
  /** Always `"suspended"`: some calls wait for a decision. */
  readonly status: "suspended";
  /** The batch's id: pass the state with it to `resumeToolBatch`, or find it in a journal. */
  readonly batchId: string;
  /** JSON: store it, show its pending approvals, pass it to `resumeToolBatch`. */
  readonly state: SuspendedBatch;
  /** The requests waiting for a decision, in source order. */
  readonly pending: readonly ToolApprovalRequest[];
}

/** What `executeToolBatch`, `resumeToolBatch` and `failTruncatedToolCalls` return. */
export type ToolBatchOutcome = CompletedToolBatch | SuspendedToolBatch;
