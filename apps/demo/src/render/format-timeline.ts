import type { Palette } from "./create-palette";

/** One call as the timeline draws it: when its start and end events were seen. */
export interface TimelineSpan {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly isError: boolean;
  /** Whether `execute` ran (a call that failed in preflight has a zero-width span). */
  readonly executed: boolean;
}

const BAR_WIDTH = 36;

/**
 * Draws a batch as horizontal bars on a shared time axis, in source order, so a reader sees
 * which calls overlapped and which finished first:
 *
 * ```
 * slow_task  call_3_1  ████████████████████████████████████  212 ms
 * calculator call_3_2  █                                       1 ms
 * ```
 */
export function formatTimeline(spans: readonly TimelineSpan[], palette: Palette): string[] {
  if (spans.length === 0) return [];
  const origin = Math.min(...spans.map((span) => span.startMs));
  const total = Math.max(1, Math.max(...spans.map((span) => span.endMs)) - origin);
  const nameWidth = Math.max(...spans.map((span) => span.toolName.length));
  const idWidth = Math.max(...spans.map((span) => span.toolCallId.length));
  return spans.map((span) => {
    const from = Math.min(BAR_WIDTH - 1, Math.floor(((span.startMs - origin) / total) * BAR_WIDTH));
    const to = Math.max(from + 1, Math.round(((span.endMs - origin) / total) * BAR_WIDTH));
    const bar = `${" ".repeat(from)}${"█".repeat(to - from)}`.padEnd(BAR_WIDTH, " ");
    const elapsed = `${Math.round(span.endMs - span.startMs)} ms`.padStart(7);
    const painted = span.isError ? palette.red(bar) : palette.cyan(bar);
    return `${span.toolName.padEnd(nameWidth)}  ${palette.dim(span.toolCallId.padEnd(idWidth))}  ${painted} ${elapsed}`;
  });
}
