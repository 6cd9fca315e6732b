import {
  context,
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { ToolCall } from "@toolwright/tool-core";
import type { ToolCallOutcome } from "../model/tool-call-outcome";

/** The instrumentation scope of the executor's spans. */
export const TRACER_NAME = "@toolwright/tool-exec";

/**
 * Starts the span of one call, following the OpenTelemetry GenAI semantic conventions
 * (`execute_tool <name>`). Returns `undefined` when the application registered no tracer provider:
 * the API's no-op path still allocates a tracer and a span per call, which is measurable on the
 * executor's hot path, so the executor asks the global proxy for a delegate first.
 */
export function startToolSpan(toolCall: ToolCall): Span | undefined {
  const tracer = findTracer();
  if (tracer === undefined) return undefined;
  return tracer.startSpan(`execute_tool ${toolCall.name}`, {
    kind: SpanKind.INTERNAL,
    attributes: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": toolCall.name,
      "gen_ai.tool.call.id": toolCall.id,
      "gen_ai.tool.type": "function",
    },
  });
}

/**
 * Ends a call's span. `errorType` is set when the call failed: it becomes `error.type` and the
 * status ERROR, with the result's text as the status message.
 */
export function endToolSpan(span: Span, errorType: string | undefined, errorText: string): void {
  if (errorType !== undefined) {
    span.setAttribute("error.type", errorType);
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorText });
  }
  span.end();
}

/**
 * Ends the span of a call that leaves the run without an outcome — it awaits a human decision
 * (`"pending"`) or waits behind one (`"deferred"`): no error, and the attribute
 * `toolwright.approval` says which. Its execution after a resume has its own span.
 */
export function endUnsettledToolSpan(span: Span, approval: "pending" | "deferred"): void {
  span.setAttribute("toolwright.approval", approval);
  span.end();
}

/**
 * Records the span of a call that a run ends without preparing it: an awaiting call denied,
 * expired or aborted, a deferred call aborted. Its earlier span (if any) ended in the run that
 * suspended it, marked pending or deferred; the run that ends it gives it a span of its own, so
 * the ending carries its `error.type` (`approval_denied`, `approval_expired`, `approval_error`,
 * `aborted`, or the type of a listener's failure).
 */
export function traceUnpreparedEnding(outcome: ToolCallOutcome): void {
  const span = startToolSpan(outcome.toolCall);
  if (span === undefined) return;
  const first = outcome.result.content[0];
  endToolSpan(span, outcome.errorType, first?.type === "text" ? first.text : "");
}

/**
 * Runs `fn` with `span` as the active span, so spans a tool starts (a nested `runToolCall`, an
 * HTTP client) become its children when the application registered a context manager.
 */
export function runInSpan<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

function findTracer(): Tracer | undefined {
  const provider = trace.getTracerProvider();
  if (provider instanceof ProxyTracerProvider) return provider.getDelegateTracer(TRACER_NAME);
  return provider.getTracer(TRACER_NAME);
}
