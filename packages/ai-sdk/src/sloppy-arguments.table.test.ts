// The README's measured table: realworld-style argument slips through the AI SDK alone (a Zod
// tool, as apps write them), through the AI SDK with this package's `repairToolCall`, and through
// `toAiSdkTools`. Every case runs in a real `generateText` call with the AI SDK's own test model;
// the table is computed from what the tools received, and the README must show exactly it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineTool, type ToolParametersSchema } from "@toolwright/tool-core";
import { generateText, type Tool, tool } from "ai";
import { describe, expect, it } from "vitest";
import { type ZodType, z } from "zod";
import { repairToolCall } from "./repair-tool-call";
import { createScriptedModel } from "./test-support";
import { toAiSdkTools } from "./to-ai-sdk-tools";

interface SlipCase {
  readonly slip: string;
  /** The JSON Schema (for Toolwright) and the same schema in Zod (for the AI SDK alone). */
  readonly schema: Record<string, unknown>;
  readonly zod: ZodType;
  /** What the model sent, and what the tool should receive. */
  readonly sent: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
}

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
});

const CASES: readonly SlipCase[] = [
  {
    slip: "numeric string",
    schema: object({ limit: { type: "integer" } }, ["limit"]),
    zod: z.object({ limit: z.number().int() }),
    sent: { limit: "10" },
    expected: { limit: 10 },
  },
  {
    slip: "numeric string",
    schema: object({ price: { type: "number" }, currency: { type: "string" } }, [
      "price",
      "currency",
    ]),
    zod: z.object({ price: z.number(), currency: z.string() }),
    sent: { price: "19.99", currency: "EUR" },
    expected: { price: 19.99, currency: "EUR" },
  },
  {
    slip: "numeric string",
    schema: object({ lat: { type: "number" }, lon: { type: "number" } }, ["lat", "lon"]),
    zod: z.object({ lat: z.number(), lon: z.number() }),
    sent: { lat: "48.8566", lon: "2.3522" },
    expected: { lat: 48.8566, lon: 2.3522 },
  },
  {
    slip: "numeric string",
    schema: object({ page: { type: "integer", minimum: 1 } }, ["page"]),
    zod: z.object({ page: z.number().int().min(1) }),
    sent: { page: "2" },
    expected: { page: 2 },
  },
  {
    slip: '"true" / "false"',
    schema: object({ recursive: { type: "boolean" } }, ["recursive"]),
    zod: z.object({ recursive: z.boolean() }),
    sent: { recursive: "true" },
    expected: { recursive: true },
  },
  {
    slip: '"true" / "false"',
    schema: object({ path: { type: "string" }, dry_run: { type: "boolean" } }, ["path", "dry_run"]),
    zod: z.object({ path: z.string(), dry_run: z.boolean() }),
    sent: { path: "/tmp", dry_run: "false" },
    expected: { path: "/tmp", dry_run: false },
  },
  {
    slip: '"true" / "false"',
    schema: object({ verbose: { type: "boolean" } }, ["verbose"]),
    zod: z.object({ verbose: z.boolean() }),
    sent: { verbose: "True" },
    expected: { verbose: true },
  },
  {
    slip: "JSON string for an object",
    schema: object(
      {
        filter: object({ status: { type: "string" }, label: { type: "string" } }, ["status"]),
      },
      ["filter"],
    ),
    zod: z.object({ filter: z.object({ status: z.string(), label: z.string().optional() }) }),
    sent: { filter: '{"status":"open","label":"bug"}' },
    expected: { filter: { status: "open", label: "bug" } },
  },
  {
    slip: "JSON string for an object",
    schema: object({ options: object({ depth: { type: "integer" } }, ["depth"]) }, ["options"]),
    zod: z.object({ options: z.object({ depth: z.number().int() }) }),
    sent: { options: '{ "depth": 2 }' },
    expected: { options: { depth: 2 } },
  },
  {
    slip: "one value for an array",
    schema: object({ tags: { type: "array", items: { type: "string" } } }, ["tags"]),
    zod: z.object({ tags: z.array(z.string()) }),
    sent: { tags: "urgent" },
    expected: { tags: ["urgent"] },
  },
  {
    slip: "one value for an array",
    schema: object({ ids: { type: "array", items: { type: "integer" } } }, ["ids"]),
    zod: z.object({ ids: z.array(z.number().int()) }),
    sent: { ids: 42 },
    expected: { ids: [42] },
  },
  {
    slip: "one value for an array",
    schema: object({ paths: { type: "array", items: { type: "string" } } }, ["paths"]),
    zod: z.object({ paths: z.array(z.string()) }),
    sent: { paths: "src/index.ts" },
    expected: { paths: ["src/index.ts"] },
  },
  {
    slip: "null for an optional field",
    schema: object({ query: { type: "string" }, cursor: { type: "string" } }, ["query"]),
    zod: z.object({ query: z.string(), cursor: z.string().optional() }),
    sent: { query: "open issues", cursor: null },
    expected: { query: "open issues" },
  },
  {
    slip: "null for an optional field",
    schema: object({ name: { type: "string" }, description: { type: "string" } }, ["name"]),
    zod: z.object({ name: z.string(), description: z.string().optional() }),
    sent: { name: "release", description: null },
    expected: { name: "release" },
  },
  {
    slip: "null for an optional field",
    schema: object({ city: { type: "string" }, days: { type: "integer" } }, ["city"]),
    zod: z.object({ city: z.string(), days: z.number().int().optional() }),
    sent: { city: "Oslo", days: null },
    expected: { city: "Oslo" },
  },
  // Not slips but missing or lossy values: repairing them would invent data, so every column
  // must refuse them and tell the model.
  {
    slip: 'not repairable: `null` for a required number, `"3.5"` for an integer',
    schema: object({ amount: { type: "number" } }, ["amount"]),
    zod: z.object({ amount: z.number() }),
    sent: { amount: null },
    expected: { amount: 0 },
  },
  {
    slip: 'not repairable: `null` for a required number, `"3.5"` for an integer',
    schema: object({ count: { type: "integer" } }, ["count"]),
    zod: z.object({ count: z.number().int() }),
    sent: { count: "3.5" },
    expected: { count: 3 },
  },
];

type Outcome = "repaired" | "tool error" | "wrong value";

/** Runs one case in a real generateText step: what the tool received decides the outcome. */
async function runCase(
  makeTools: (received: unknown[]) => Record<string, Tool>,
  sent: Record<string, unknown>,
  expected: Record<string, unknown>,
  withRepair: boolean,
): Promise<Outcome> {
  const received: unknown[] = [];
  const { model } = createScriptedModel([[{ id: "c", name: "act", input: sent }]]);
  await generateText({
    model,
    prompt: "go",
    tools: makeTools(received),
    ...(withRepair ? { repairToolCall } : {}),
  });
  if (received.length === 0) return "tool error";
  return JSON.stringify(received[0]) === JSON.stringify(expected) ? "repaired" : "wrong value";
}

function zodTools(slip: SlipCase) {
  return (received: unknown[]) => ({
    act: tool({
      description: "act",
      inputSchema: slip.zod,
      execute: async (input: unknown) => {
        received.push(input);
        return "ok";
      },
    }),
  });
}

function toolwrightTools(slip: SlipCase) {
  return (received: unknown[]) =>
    toAiSdkTools([
      defineTool({
        name: "act",
        description: "act",
        parameters: slip.schema as ToolParametersSchema,
        execute: (params) => {
          received.push(params);
          return { content: [{ type: "text", text: "ok" }] };
        },
      }),
    ]) as Record<string, Tool>;
}

function describeCount(counts: Map<Outcome, number>, total: number): string {
  const repaired = counts.get("repaired") ?? 0;
  const errors = counts.get("tool error") ?? 0;
  const wrong = counts.get("wrong value") ?? 0;
  const parts: string[] = [];
  if (errors > 0) parts.push(`${errors} tool error${errors === 1 ? "" : "s"}`);
  if (repaired > 0)
    parts.push(repaired === total ? `all ${total} run, repaired` : `${repaired} run, repaired`);
  if (wrong > 0) parts.push(`${wrong} run with a wrong value`);
  return parts.join(", ");
}

async function measure(): Promise<string> {
  const slips = [...new Set(CASES.map((slip) => slip.slip))];
  const rows = [
    "| slip | cases | AI SDK alone (Zod schema) | AI SDK + `repairToolCall` | `toAiSdkTools` |",
    "|---|---|---|---|---|",
  ];
  for (const slip of slips) {
    const cases = CASES.filter((entry) => entry.slip === slip);
    const columns: [(slip: SlipCase) => (received: unknown[]) => Record<string, Tool>, boolean][] =
      [
        [zodTools, false],
        [zodTools, true],
        [toolwrightTools, false],
      ];
    const cells: string[] = [];
    for (const [makeTools, withRepair] of columns) {
      const counts = new Map<Outcome, number>();
      for (const entry of cases) {
        const outcome = await runCase(makeTools(entry), entry.sent, entry.expected, withRepair);
        counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      }
      cells.push(describeCount(counts, cases.length));
    }
    rows.push(`| ${slip} | ${cases.length} | ${cells.join(" | ")} |`);
  }
  return rows.join("\n");
}

describe("the README's sloppy-arguments table", () => {
  it("should be what the AI SDK and the adapter do with each slip, measured", async () => {
    const table = await measure();
    const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
    const start = readme.indexOf("<!-- sloppy-arguments:start -->");
    const end = readme.indexOf("<!-- sloppy-arguments:end -->");
    expect(start).toBeGreaterThan(-1);
    const shown = readme.slice(readme.indexOf("\n", start) + 1, end).trim();
    expect(shown, `the README's table should read:\n${table}`).toBe(table);
  });
});
