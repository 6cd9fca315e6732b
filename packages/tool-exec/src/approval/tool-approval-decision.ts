/**
 * What `approval.decide` returns for a call it decides in process (an allow-list, a terminal
 * prompt). `by` names who decided; a denial's `message` reaches the model after `Reason:`.
 */
export type ToolApprovalVerdict =
  | { readonly decision: "approve"; readonly by?: string }
  | { readonly decision: "deny"; readonly message?: string; readonly by?: string };

/** A human's decision on one pending request, passed to `resumeToolBatch`. */
export type ToolApprovalDecision =
  | { readonly approvalId: string; readonly decision: "approve"; readonly by?: string }
  | {
      readonly approvalId: string;
      readonly decision: "deny";
      readonly message?: string;
      readonly by?: string;
    };
