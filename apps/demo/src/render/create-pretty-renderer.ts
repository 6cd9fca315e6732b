import { formatIssuePath } from "@toolwright/schema-coerce";
import type { DemoEvent } from "../demo-event";
import type { JournalRecordView } from "../journal/describe-journal-records";
import { createBatchView } from "./create-batch-view";
import { createLineWriter } from "./create-line-writer";
import type { Palette } from "./create-palette";
import { createPalette } from "./create-palette";
import type { DemoOutput } from "./demo-output";
import { compactJson, indent, preview } from "./format-text";

const RULE_WIDTH = 78;

/**
 * The readable output: a banner, one headed section per model turn, the batch drawn as a
 * timeline, and a summary. Events that arrive before a turn's assistant message (tool changes,
 * provider modes) are held back and printed under that turn's heading.
 */
export function createPrettyRenderer(output: DemoOutput): (event: DemoEvent) => void {
  const palette = createPalette(output.color);
  const writer = createLineWriter(output);
  const batch = createBatchView(writer, palette);
  let held: string[] = [];
  let headed = 0;

  const say = (text: string, turn?: number): void => {
    if (turn !== undefined && turn > headed) held.push(text);
    else writer.line(text);
  };
  const heading = (title: string): void => {
    const label = ` ${title} `;
    writer.line("");
    writer.line(
      palette.bold(`──${label}${"─".repeat(Math.max(3, RULE_WIDTH - label.length - 2))}`),
    );
  };
  const releaseHeld = (): void => {
    for (const line of held) writer.line(line);
    held = [];
  };

  return (event) => {
    switch (event.type) {
      case "demo_start":
        writer.line(palette.bold("Toolwright demo") + palette.dim(` · model: ${event.model}`));
        writer.line(palette.dim(`sandbox ${event.sandbox}`));
        writer.line(palette.dim(`  files: ${event.files.join(", ")}`));
        writer.line(palette.dim(`  tools: ${event.tools.join(", ")}`));
        return;
      case "tool_set_changed":
        say(
          `  ${palette.magenta("application")} registered ${event.added.join(", ")}, unregistered ${event.removed.join(", ")}`,
          event.turn,
        );
        return;
      case "tools_declared": {
        const changes = [
          ...event.toolsRemoved.map((name) => palette.red(`-${name}`)),
          ...event.toolsAdded.map((name) => palette.green(`+${name}`)),
        ];
        say(
          `  ${palette.magenta("transcript")}  declareToolChanges → system message: ${changes.join(" ")}`,
          event.turn,
        );
        return;
      }
      case "model_request":
        say(
          palette.dim(
            `  request ${event.turn}: ${event.messageCount} messages, ${event.tools.length} tools`,
          ),
          event.turn,
        );
        return;
      case "provider_content":
        say(
          `  ${palette.magenta("providers")}   ${event.toolName}'s results, as each provider's request carries them:`,
          event.turn,
        );
        for (const view of event.views) {
          for (const [index, part] of view.parts.entries()) {
            say(`    ${(index === 0 ? view.dialect : "").padEnd(9)} ${part}`, event.turn);
          }
        }
        return;
      case "provider_modes":
        say(`  ${palette.magenta("providers")}   resolveTranscriptTools, per mode:`, event.turn);
        for (const mode of event.modes) {
          const inPlace = mode.inPlace.length === 0 ? "none" : mode.inPlace.join(" ");
          say(
            `    ${mode.support.padEnd(9)} request tools: ${String(mode.requestTools.length).padStart(2)}` +
              ` · folded system messages: ${mode.foldedSystemMessages} · in place: ${inPlace}`,
            event.turn,
          );
        }
        return;
      case "assistant_message": {
        headed = event.turn;
        heading(`${event.turn} · ${event.scene?.title ?? "model turn"}`);
        if (event.scene !== undefined)
          writer.line(palette.dim(wrap(event.scene.narration, RULE_WIDTH - 2, "  ")));
        releaseHeld();
        for (const part of event.message.content) {
          if (part.type === "toolCall" && part.argumentsError !== undefined)
            batch.markUnparsed(part.id);
          if (part.type === "text")
            writer.line(`  ${palette.bold("model")}  ${preview(part.text, 70)}`);
        }
        if (event.message.stopReason === "length") {
          writer.line(
            `  ${palette.yellow('stop reason "length": the output token limit cut this message off')}`,
          );
        }
        return;
      }
      case "coercions":
        for (const change of event.changes) {
          batch.note(
            palette.yellow("coerced"),
            `${formatIssuePath(change.path)}: ${compactJson(change.from)} → ${change.to === undefined ? "(removed)" : compactJson(change.to)} ${palette.dim(`(${change.rule})`)}`,
          );
        }
        return;
      case "blocked":
        batch.note(palette.yellow("blocked"), event.reason);
        return;
      case "redacted":
        batch.note(
          palette.yellow("redacted"),
          `${event.secrets} secret(s) in the result, before the model sees it`,
        );
        return;
      case "batch_start":
      case "tool_execution_start":
      case "tool_execution_update":
      case "tool_execution_end":
      case "tool_result":
      case "tool_approval_requested":
      case "tool_approval_resolved":
      case "tool_batch_suspended":
      case "batch_end":
        batch.render(event);
        return;
      case "batch_state_saved": {
        writer.line(
          `  ${palette.bold("state")}  ${event.path} ${palette.dim(`(${event.bytes} bytes)`)}`,
        );
        writer.line(
          palette.dim(
            `         SuspendedBatch v1 · batch ${event.batchId} · revision ${event.revision} · ${event.mode}`,
          ),
        );
        for (const call of event.calls) {
          const reason = call.reason === undefined ? "" : palette.dim(`  "${call.reason}"`);
          writer.line(
            `         ${call.toolCallId} ${call.toolName.padEnd(12)} ${call.status === "settled" ? palette.green(call.status) : palette.yellow(call.status)}${reason}`,
          );
        }
        writer.line(palette.dim("         read back from disk and resumed with resumeToolBatch"));
        return;
      }
      case "loop_end":
        releaseHeld();
        heading(`end of the loop: ${event.reason} after ${event.turn} request(s)`);
        if (event.error !== undefined) writer.line(palette.red(indent(event.error, "  ")));
        return;
      case "queue_ready": {
        const redis = event.startedRedis
          ? "started by scripts/services.sh"
          : "TOOLWRIGHT_REDIS_URL";
        writer.line(palette.dim(`  redis  ${event.redis} (${redis}) · queue ${event.queueName}`));
        writer.line(
          palette.dim(
            `  processes  coordinator pid ${event.coordinatorPid} · ${event.workers.map((worker) => `${worker.name} pid ${worker.pid}`).join(" · ")}`,
          ),
        );
        return;
      }
      case "ran_on":
        batch.note(
          event.worker === "coordinator" ? palette.dim("ran here") : palette.magenta("ran on"),
          `${event.toolCallId} ${event.worker} (pid ${event.pid})`,
        );
        return;
      case "scene":
        heading(event.title);
        writer.line(palette.dim(wrap(event.narration, RULE_WIDTH - 2, "  ")));
        return;
      case "child_started":
        writer.line(`  ${palette.bold("child")}  pid ${event.pid} runs batch ${event.batchId}`);
        return;
      case "child_killed":
        writer.line(
          `  ${palette.red("killed")} pid ${event.pid} with ${event.signal ?? "?"} after: ${event.markers.join(", ")}`,
        );
        return;
      case "effects": {
        writer.line(`  ${palette.bold("effects")}  ${event.path}`);
        for (const line of event.lines) {
          writer.line(
            `           ${line.tool.padEnd(16)} ${line.toolCallId} attempt ${line.attempt} key ${palette.dim(line.idempotencyKey)} pid ${line.pid}`,
          );
        }
        return;
      }
      case "journal_records": {
        writer.line(
          `  ${palette.bold("journal")}  ${event.moment}: ${event.records.length} record(s) for batch ${event.batchId}`,
        );
        writer.line(
          `           ${event.records.map((record) => formatRecord(record, palette)).join(" · ")}`,
        );
        return;
      }
      case "journal_summary": {
        const open = event.open.length === 0 ? "none open" : `open: ${event.open.join(", ")}`;
        writer.line(
          `  journal     ${event.batches} batch file(s), ${event.records} records (${event.started} started, ${event.settled} settled), ${open} → ${event.dir}`,
        );
        return;
      }
      case "transcript_written":
        writer.line(`  transcript  ${event.lines} JSONL lines → ${event.path}`);
        return;
      case "replay": {
        const verdict = event.matchesRegistry
          ? palette.green("equals the registry's final tools")
          : palette.red("differs from the registry");
        writer.line(
          `  replay      parseTranscript(${event.source}) + getCurrentTools → ${event.tools.join(", ")}`,
        );
        writer.line(`              ${verdict}`);
        return;
      }
      case "demo_end":
        writer.line(
          palette.dim(
            `  ${event.turns} requests, ${event.toolCalls} tool calls (${event.errors} error results), ${event.durationMs} ms`,
          ),
        );
        return;
    }
  };
}

/** `started call_1 #2`, `settled call_2 interrupted`: one journal record, short. */
function formatRecord(record: JournalRecordView, palette: Palette): string {
  const call = record.callId === undefined ? "" : ` ${record.callId}`;
  const attempt = record.attempt === undefined ? "" : palette.dim(` #${record.attempt}`);
  const recovery = record.recovery === undefined ? "" : palette.yellow(` ${record.recovery}`);
  const name = record.t === "started" ? palette.cyan(record.t) : record.t;
  return `${name}${call}${attempt}${recovery}`;
}

/** Wraps `text` at `width` columns, each line prefixed with `prefix`. */
function wrap(text: string, width: number, prefix: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && prefix.length + line.length + 1 + word.length > width) {
      lines.push(`${prefix}${line}`);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(`${prefix}${line}`);
  return lines.join("\n");
}
