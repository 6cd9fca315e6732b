// The crash scene's child process (dist/crash-child.js):
//   node crash-child.js <journal dir> <effects file> <batch id>
// Runs CRASH_BATCH_CALLS as one parallel batch with the file journal. It prints `settled call_1`
// once the quick call's outcome is durable (its end event comes after the `settled` record), and
// `executing <id>` once a hanging call has recorded its effect; those calls never return, so the
// parent's SIGKILL lands while they run.
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";
import { CRASH_BATCH_CALLS } from "./crash-batch-calls";
import { appendEffect, CrashEffectsSeam, crashTools, HANGING_TOOLS } from "./crash-tools";

const [dir, effectsFile, batchId] = process.argv.slice(2);
if (dir === undefined || effectsFile === undefined || batchId === undefined) {
  process.stderr.write("usage: crash-child.js <journal dir> <effects file> <batch id>\n");
  process.exit(2);
}
const journal = createFileJournal({ dir, retainCompleted: true });
await executeToolBatch(CRASH_BATCH_CALLS, {
  tools: new ToolRegistry([...crashTools]),
  journal,
  batchId,
  seams: [
    provideSeam(CrashEffectsSeam, {
      record: (line) => appendEffect(effectsFile, line),
      async afterEffect(toolName, context) {
        if (!HANGING_TOOLS.has(toolName)) return;
        process.stdout.write(`executing ${context.toolCall.id}\n`);
        // A timer keeps the process alive: the call stays "executing" until the SIGKILL.
        await new Promise<never>(() => setInterval(() => {}, 60_000));
      },
    }),
  ],
  onEvent(event) {
    if (event.type === "tool_execution_end") process.stdout.write(`settled ${event.toolCallId}\n`);
  },
});
// Not reached: the parent kills this process while call_2 and call_3 run.
await journal.close();
