import type { ToolApprovalRequest } from "@toolwright/tool-exec";

/** A person's (or a flag's) answer to one approval request. */
export interface ApprovalAnswer {
  readonly decision: "approve" | "deny";
  /** Who decided: `terminal`, `--approve`, `default`, a console reviewer; carried into the outcome and the event. */
  readonly by: string;
  /** Why a denial was given (the console's Message); the model sees it. */
  readonly message?: string;
}

/**
 * Decides one pending approval of a suspended batch.
 *
 * **Contract:** may be async (a terminal prompt); must not mutate `request`. Resolving
 * `undefined` means "no decision" (the run was aborted while asking): the loop stops there. A
 * throw rejects the run.
 */
export type ApprovalDecider = (
  request: ToolApprovalRequest,
  signal?: AbortSignal,
) => Promise<ApprovalAnswer | undefined>;
