// A process for the crash tests, on the built package:
//   node crash-batch.mjs <command> <dir> <batchId> <effectsFile> <spec JSON>
// command: "run" (executeToolBatch), "recover" (recoverToolBatch) or "suspend" (a batch of two
// gated calls; prints the suspended state as one JSON line). spec: { calls: [{ id, tool }],
// mode, maxAttempts, hangOn: [ids], delays: { id: ms }, retainCompleted }.
// Every execution appends { id, attempt, key } to the effects file and fdatasyncs it, then prints
// `executing <id>`; a call listed in hangOn then never returns (the parent SIGKILLs the process).
import { closeSync, fdatasyncSync, openSync, writeSync } from "node:fs";
import { executeToolBatch, recoverToolBatch } from "../../../dist/index.js";
import { createFileJournal } from "../../../dist/node.js";

const [command, dir, batchId, effects, specText] = process.argv.slice(2);
const spec = JSON.parse(specText ?? "{}");
const keepAlive = setInterval(() => {}, 60_000);

function recordEffect(context) {
  const fd = openSync(effects, "a");
  const line = { id: context.toolCallId, attempt: context.attempt, key: context.idempotencyKey };
  writeSync(fd, `${JSON.stringify(line)}\n`);
  fdatasyncSync(fd);
  closeSync(fd);
}

const makeTool = (name, replay, needsApproval) => ({
  name,
  description: `${name} (crash fixture)`,
  replay,
  ...(needsApproval ? { needsApproval: true } : {}),
  async execute(_params, context) {
    recordEffect(context);
    console.log(`executing ${context.toolCallId}`);
    if ((spec.hangOn ?? []).includes(context.toolCallId)) await new Promise(() => {});
    const delay = spec.delays?.[context.toolCallId] ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return { content: [{ type: "text", text: `ran ${context.toolCallId}` }] };
  },
});
const tools = [
  makeTool("never", "never", false),
  makeTool("safe", "safe", false),
  makeTool("gated", "never", true),
];
const journal = createFileJournal({ dir, retainCompleted: spec.retainCompleted === true });
const toolCalls = (spec.calls ?? []).map(({ id, tool }) => ({
  type: "toolCall",
  id,
  name: tool,
  arguments: {},
}));
const options = { tools, journal, maxAttempts: spec.maxAttempts ?? 3 };
try {
  if (command === "run" || command === "suspend") {
    const mode = spec.mode ?? "parallel";
    const outcome = await executeToolBatch(toolCalls, { ...options, batchId, mode });
    if (outcome.status === "suspended") console.log(`state ${JSON.stringify(outcome.state)}`);
    else console.log(`complete ${outcome.outcomes.length}`);
  } else {
    const outcome = await recoverToolBatch(batchId, options);
    console.log(`${outcome.status}`);
  }
} catch (error) {
  console.log(`refused ${error.code ?? error.message}`);
}
await journal.close();
clearInterval(keepAlive);
