import type { AgentEvent } from "../agent-event";
import type { LineWriter } from "./create-line-writer";
import type { Palette } from "./create-palette";
import { compactJson, contentText, indent, preview } from "./format-text";
import type { TimelineSpan } from "./format-timeline";
import { formatTimeline } from "./format-timeline";

/** The events of one batch, as the batch view draws them. */
export type BatchEvent = Extract<
  AgentEvent,
  {
    type:
      | "batch_start"
      | "tool_execution_start"
      | "tool_execution_update"
      | "tool_execution_end"
      | "tool_result"
      | "tool_approval_requested"
      | "tool_approval_resolved"
      | "tool_batch_suspended"
      | "batch_end";
  }
>;

/** Draws a batch as it happens, then its timeline and the two orders. */
export interface BatchView {
  render(event: BatchEvent): void;
  /** A line about the current call (a coercion, a block, a redaction), indented under it. */
  note(label: string, text: string): void;
  /** Remembers a call whose argument text was not a JSON object, to say so instead of `{}`. */
  markUnparsed(toolCallId: string): void;
}

const MAX_ERROR_LINES = 14;

/** A {@link BatchView} writing through `writer`. */
export function createBatchView(writer: LineWriter, palette: Palette): BatchView {
  let origin = 0;
  let index = 0;
  const starts = new Map<string, { toolName: string; at: number }>();
  const spans: TimelineSpan[] = [];
  const completion: string[] = [];
  const errorTypes = new Map<string, string>();
  const unparsed = new Set<string>();

  const stamp = (): string =>
    palette.dim(`+${String(Math.round(performance.now() - origin)).padStart(4)} ms`);
  const row = (
    marker: string,
    verb: string,
    toolName: string,
    toolCallId: string,
    rest: string,
  ): void => {
    writer.line(
      `  ${marker} ${stamp()}  ${verb.padEnd(7)} ${toolName} ${palette.dim(toolCallId)}  ${rest}`,
    );
  };

  return {
    markUnparsed(toolCallId) {
      unparsed.add(toolCallId);
    },
    note(label, text) {
      writer.line(`${" ".repeat(14)}${label}  ${text}`);
    },
    render(event) {
      switch (event.type) {
        case "batch_start": {
          origin = performance.now();
          index = 0;
          starts.clear();
          spans.length = 0;
          completion.length = 0;
          errorTypes.clear();
          writer.line(
            `  ${palette.bold("batch")}  ${palette.dim(event.via ?? "executeAssistantMessage")}`,
          );
          return;
        }
        case "tool_execution_start": {
          if (event.resumed === true) {
            starts.set(event.toolCallId, { toolName: event.toolName, at: performance.now() });
            const why =
              event.attempt === undefined
                ? "approved: preflight again, then execute"
                : `attempt ${event.attempt}, same idempotencyKey (replay: "safe")`;
            row(palette.cyan("▶"), "resume", event.toolName, event.toolCallId, palette.dim(why));
            return;
          }
          starts.set(event.toolCallId, { toolName: event.toolName, at: performance.now() });
          const args = unparsed.has(event.toolCallId)
            ? palette.yellow("(the argument text is not a JSON object)")
            : palette.dim(preview(compactJson(event.args), 60));
          row(palette.cyan("▶"), "start", event.toolName, event.toolCallId, args);
          return;
        }
        case "tool_execution_update": {
          const text = preview(contentText(event.partialResult.content ?? []), 50);
          const bar = progressBar(event.partialResult.details);
          writer.live(
            `  ${palette.cyan("⋯")} ${stamp()}  ${event.toolName} ${palette.dim(event.toolCallId)}  ${bar}${text}`,
          );
          if (!writer.isTTY)
            row(palette.dim("·"), "update", event.toolName, event.toolCallId, text);
          return;
        }
        case "tool_execution_end": {
          writer.clearLive();
          const started = starts.get(event.toolCallId);
          const now = performance.now();
          spans.push({
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            startMs: started?.at ?? now,
            endMs: now,
            isError: event.isError,
            executed: event.durationMs !== undefined,
          });
          completion.push(event.toolCallId);
          if (event.errorType !== undefined) errorTypes.set(event.toolCallId, event.errorType);
          const verdict = event.isError
            ? palette.red(`error ${event.errorType ?? ""}`.trimEnd())
            : palette.green("ok");
          const ran =
            event.durationMs === undefined
              ? "execute did not run"
              : `execute ${event.durationMs} ms`;
          row(
            palette.cyan("■"),
            "end",
            event.toolName,
            event.toolCallId,
            `${verdict} ${palette.dim(`· ${ran}`)}`,
          );
          return;
        }
        case "tool_approval_requested": {
          const reason = event.reason === undefined ? "" : `: ${event.reason}`;
          row(
            palette.yellow("?"),
            "approve",
            event.toolName,
            event.toolCallId,
            palette.yellow(`needs a person's decision${reason}`),
          );
          return;
        }
        case "tool_approval_resolved": {
          const approved = event.decision === "approve";
          const by = event.by === undefined ? "" : ` by ${event.by}`;
          const message = event.message === undefined ? "" : `: ${event.message}`;
          row(
            approved ? palette.green("✔") : palette.red("✘"),
            "decided",
            event.toolName,
            event.toolCallId,
            `${approved ? palette.green(event.decision) : palette.red(event.decision)}${by}${message}`,
          );
          return;
        }
        case "tool_batch_suspended": {
          const waiting = event.pending.map((entry) => entry.toolCallId).join(", ");
          writer.line(
            `  ${palette.bold("suspended")}  waiting for ${waiting} ${palette.dim(`· revision ${event.revision} · no call is running, no result went back yet`)}`,
          );
          return;
        }
        case "tool_result": {
          index += 1;
          const { message } = event;
          const text = contentText(message.content);
          const head = `  ${palette.cyan("◀")} result ${index}  ${message.toolName} ${palette.dim(message.toolCallId)}`;
          if (!message.isError) {
            writer.line(`${head}  ${preview(text, 64)}`);
            return;
          }
          const errorType = errorTypes.get(message.toolCallId);
          writer.line(
            `${head}  ${palette.red("isError")}${errorType === undefined ? "" : palette.dim(` · errorType ${errorType}`)}`,
          );
          const lines = text.split("\n");
          const shown = lines.slice(0, MAX_ERROR_LINES).join("\n");
          writer.line(palette.red(indent(shown, "      │ ")));
          if (lines.length > MAX_ERROR_LINES)
            writer.line(palette.dim(`      │ … ${lines.length - MAX_ERROR_LINES} more lines`));
          return;
        }
        case "batch_end": {
          const count = `${event.resultOrder.length} call${event.resultOrder.length === 1 ? "" : "s"}`;
          const how =
            event.mode === "truncated"
              ? "truncated: the message hit the token limit, no call ran"
              : event.mode === "sequential"
                ? "sequential (a sequential tool is in it: one call at a time)"
                : "parallel (preflight in source order, then concurrent)";
          writer.line(`  ${palette.bold("ran")}    ${count} · ${how}`);
          // A timeline only says something when at least two calls actually ran side by side.
          if (event.mode === "parallel" && spans.filter((span) => span.executed).length > 1) {
            const ordered = event.resultOrder.flatMap((id) =>
              spans.filter((span) => span.toolCallId === id),
            );
            writer.line(`  ${palette.bold("timeline")}`);
            for (const line of formatTimeline(ordered, palette)) writer.line(`    ${line}`);
            writer.line(`    completion order  ${completion.join(" → ")}`);
            writer.line(
              `    result order      ${event.resultOrder.join(" → ")}  ${palette.dim("(source order)")}`,
            );
          }
          if (event.errorTypes.length > 0) {
            writer.line(`  ${palette.dim(`errorTypes: ${event.errorTypes.join(", ")}`)}`);
          }
          const next = event.terminate
            ? palette.green("terminate: every result says so, the loop stops")
            : palette.dim("terminate: no, the results go back to the model");
          writer.line(`  ${next}`);
          return;
        }
      }
    },
  };
}

/** `[███░░░] ` for details shaped `{ step, steps }` (what slow_task streams), else nothing. */
function progressBar(details: unknown): string {
  if (typeof details !== "object" || details === null) return "";
  const { step, steps } = details as { step?: unknown; steps?: unknown };
  if (typeof step !== "number" || typeof steps !== "number" || steps <= 0) return "";
  const width = 12;
  const filled = Math.max(0, Math.min(width, Math.round((step / steps) * width)));
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] `;
}
