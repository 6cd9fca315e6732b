// A real application process for the console's end-to-end tests:
//   node approval-app.mjs <file|pg> <journal dir or PostgreSQL URL> <batch id> [hostile]
// Runs one parallel batch with the journal: `lookup` runs at once, `send_email` needs approval,
// so the batch suspends. Prints `suspended <batchId>`, then waits for a decision recorded in the
// journal (by the console, from any process), resumes the batch the way §10/§11 say —
// loadSuspendedToolBatch + resumeToolBatch(state, [], { journal }) — prints `completed <batchId>`
// and the e-mail call's result text as JSON, and exits. With `hostile`, the call's arguments and
// result hold markup that must stay text in the console.
import { Type } from "@sinclair/typebox";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch, loadSuspendedToolBatch, resumeToolBatch } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";

const [kind, where, batchId, hostile] = process.argv.slice(2);
const HOSTILE_ARGUMENT = "<img src=x onerror=alert(1)>";
const HOSTILE_RESULT = "</script><script>window.__pwned = 1; alert(2)</script>";
// Parts of every other kind, each trying to run script where a careless console would render it.
const HOSTILE_PARTS = [
  {
    type: "image",
    mimeType: "image/svg+xml",
    data: btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned = 3; alert(3)"><script>alert(4)</script></svg>',
    ),
  },
  { type: "audio", mimeType: "audio/wav", data: btoa("RIFF\u0000\u0000\u0000\u0000WAVE") },
  {
    type: "file",
    mimeType: "text/html",
    filename: "<script>alert(5)</script>.html",
    data: btoa("<script>window.__pwned = 5; alert(5)</script>"),
  },
  { type: "resource_link", uri: "javascript:alert(6)", name: "<b onmouseover=alert(7)>link</b>" },
];

let pool;
let journal;
if (kind === "pg") {
  const [{ createPostgresJournal }, pg] = await Promise.all([
    import("@toolwright/journal-postgres"),
    import("pg"),
  ]);
  pool = new pg.default.Pool({ connectionString: where, max: 4 });
  journal = createPostgresJournal({ pool, schema: process.env.TOOLWRIGHT_CONSOLE_SCHEMA });
} else {
  journal = createFileJournal({ dir: where, retainCompleted: true });
}

const tools = new ToolRegistry([
  defineTool({
    name: "lookup",
    description: "Look a customer up.",
    parameters: Type.Object({ ref: Type.String() }),
    async execute(params) {
      return { content: [{ type: "text", text: `customer ${params.ref}` }] };
    },
  }),
  defineTool({
    name: "send_email",
    label: "Send e-mail",
    description: "Send an e-mail to a customer.",
    parameters: Type.Object({ to: Type.String(), body: Type.String() }),
    needsApproval: () => ({ reason: `sends an e-mail outside the company` }),
    async execute(params) {
      const text = hostile === "hostile" ? HOSTILE_RESULT : `sent to ${params.to}`;
      return {
        content: [
          { type: "text", text },
          // A 1×1 PNG: shown as a thumbnail.
          {
            type: "image",
            mimeType: "image/png",
            data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          },
          ...(hostile === "hostile" ? HOSTILE_PARTS : []),
        ],
      };
    },
  }),
]);

const calls = [
  { type: "toolCall", id: "call_lookup", name: "lookup", arguments: { ref: "C-42" } },
  {
    type: "toolCall",
    id: "call_email",
    name: "send_email",
    arguments: { to: "ada@example.com", body: hostile === "hostile" ? HOSTILE_ARGUMENT : "Hello" },
  },
];

const first = await executeToolBatch(calls, { tools, journal, batchId });
if (first.status !== "suspended") throw new Error(`expected a suspended batch, got ${first.status}`);
process.stdout.write(`suspended ${batchId}\n`);

// Waits for the console's decision: the journal is the only channel between the two processes.
for (;;) {
  const records = await journal.read(batchId);
  if (records.some((record) => record.t === "decision")) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const state = await loadSuspendedToolBatch(journal, batchId);
const outcome = await resumeToolBatch(state, [], { tools, journal });
const email = outcome.status === "complete" ? outcome.messages[1] : undefined;
process.stdout.write(`completed ${batchId} ${JSON.stringify(email?.content[0]?.text ?? null)}\n`);
await journal.close();
await pool?.end();
