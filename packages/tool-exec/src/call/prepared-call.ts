import type { Span } from "@opentelemetry/api";
import type { Tool, ToolCall } from "@toolwright/tool-core";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { ToolArgumentCoercions } from "./hooks";

/**
 * A call that passed steps 1–5 (abort, lookup, `prepareArguments`, validation, `beforeToolCall`)
 * and may execute: what a call's `CallFrame` is once those steps let it through, as the steps that
 * only read it (step 5a, lock keys) see it. `executePreparedCall` runs steps 6–7 on the frame; a
 * caller may also hold it (a lock, a concurrency slot, an approval) and end it without executing
 * (`endInPreflight`, `settlePreparedCall`). Not serialisable: a call resumed in another process is
 * prepared again from its `toolCall`.
 */
export interface PreparedCall {
  readonly type: "prepared";
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The tool step 2 found. */
  readonly tool: Tool;
  /** The validated, coerced params `execute` will receive. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The coercions that made `args` (`[]` when the arguments were valid as written). */
  readonly coercions: ToolArgumentCoercions;
  /** The call's tracing span, open until the call ends; `undefined` without a tracer provider. */
  readonly span: Span | undefined;
}

/** A call that ended in steps 1–5: its outcome is final (no `durationMs`). */
export interface EndedCall {
  readonly type: "ended";
  readonly outcome: ToolCallOutcome;
}
