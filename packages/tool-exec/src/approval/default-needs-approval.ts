import type { NeedsApproval } from "@toolwright/tool-core";
import type { ApprovalRequestContext } from "./tool-approval-options";

/**
 * The tool's own `needsApproval` for `ctx`: its boolean, or its function called with the
 * validated params and `{ toolCall, context, signal }`. What step 5a evaluates when the batch
 * gives no `approval.needsApproval`; a batch-level function calls it to defer to the tool (for
 * example `(ctx) => ctx.context.trusted ? false : defaultNeedsApproval(ctx)`). Throws what the
 * tool's function throws.
 */
export function defaultNeedsApproval<TContext>(
  ctx: ApprovalRequestContext<TContext>,
): NeedsApproval | PromiseLike<NeedsApproval> {
  const own = ctx.tool.needsApproval;
  if (typeof own !== "function") return own;
  return own(ctx.args as never, {
    toolCall: ctx.toolCall,
    context: ctx.context,
    signal: ctx.signal,
  });
}
