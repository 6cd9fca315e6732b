import type { ToolCall } from "@toolwright/tool-core";

/** The batch the crash scene's child runs: one quick lookup, then a `safe` and a `never` call that hang. */
export const CRASH_BATCH_CALLS: readonly ToolCall[] = [
  { type: "toolCall", id: "call_1", name: "lookup_customer", arguments: { ref: "C-42" } },
  { type: "toolCall", id: "call_2", name: "fetch_rates", arguments: { ref: "EUR" } },
  { type: "toolCall", id: "call_3", name: "send_invoice", arguments: { ref: "INV-7" } },
];

/** The stdout lines the parent waits for before it kills the child. */
export const CRASH_MARKERS = ["settled call_1", "executing call_2", "executing call_3"] as const;
