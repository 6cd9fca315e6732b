// The code examples of packages/tool-core/README.md, section by section, compiled by the demo's
// `typecheck` so a README example that stops compiling fails CI. Keep them in step with the
// README: same code, plus only what is needed to make a snippet a module (imports, exports).
import { Type } from "@sinclair/typebox";
import {
  defineSeam,
  defineTool,
  parseToolCallArguments,
  provideSeam,
  safeValidateToolArguments,
  type Tool,
  ToolArgumentsError,
  ToolRegistry,
  validateToolArguments,
} from "@toolwright/tool-core";
import { toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import { z } from "zod";

// ## Define a tool
export const readFile = defineTool({
  name: "read_file",
  label: "Read file", // for UIs; the model never sees it
  description: "Read a text file. Use offset/limit for large files.",
  parameters: Type.Object({
    path: Type.String({ description: "Path relative to the workspace" }),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  executionMode: "parallel",
  lockKeys: ({ path }) => [path], // calls on the same path never overlap
  async execute({ path, offset = 0, limit = 2000 }, { signal }) {
    // params is { path: string; offset?: number; limit?: number } — inferred from the schema
    signal.throwIfAborted();
    const text = `lines ${offset}..${offset + limit} of ${path}`;
    return { content: [{ type: "text", text }], details: { path } };
  },
});

// ### Tools that return values
export const weather = defineTool({
  name: "weather",
  description: "Current weather for a city",
  parameters: Type.Object({ city: Type.String() }),
  output: {
    schema: Type.Object(
      { celsius: Type.Number(), sky: Type.String() },
      { additionalProperties: false },
    ),
    render: (value) => `${value.celsius} °C, ${value.sky}`,
  },
  execute: async ({ city }) => ({ celsius: city.length, sky: "clear" }),
});

// ### Standard Schema: Zod, Valibot, ArkType
export const transfer = defineTool({
  name: "transfer",
  description: "Move money between two accounts",
  parameters: z
    .object({
      from: z.string().min(1),
      to: z.string().min(1),
      amount: z.number().positive(),
      memo: z.string().trim().optional(),
    })
    .refine((value) => value.from !== value.to, {
      message: "from and to must differ",
      path: ["to"],
    }),
  async execute({ from, to, amount, memo }) {
    // params is { from: string; to: string; amount: number; memo?: string | undefined }
    const checked: { from: string; to: string; amount: number; memo?: string | undefined } = {
      from,
      to,
      amount,
      memo,
    };
    return { content: [{ type: "text", text: `moved ${checked.amount} from ${from} to ${to}` }] };
  },
});

// A library without Standard JSON Schema: give the converter yourself.
export function valibotWithConverter() {
  const weather = defineTool({
    name: "weather",
    description: "Current weather for a city",
    parameters: v.object({
      city: v.pipe(
        v.string(),
        v.check((city) => city.trim() !== "", "empty"),
      ),
    }),
    // `check` has no JSON Schema form; let Valibot enforce it after our pass.
    toJsonSchema: (schema) => toJsonSchema(schema, { errorMode: "ignore" }),
    execute: async ({ city }) => ({ content: [{ type: "text", text: `sunny in ${city}` }] }),
  });
  return weather;
}

// ## Seams: replaceable capabilities
export const ClockSeam = defineSeam<{ now(): Date }>("clock");

export const today = defineTool({
  name: "today",
  description: "Today's date",
  seams: [ClockSeam],
  execute: (_params, context) => ({
    content: [{ type: "text", text: context.use(ClockSeam).now().toISOString().slice(0, 10) }],
  }),
});

export const productionSeams = [provideSeam(ClockSeam, { now: () => new Date() })];
export const testSeams = [provideSeam(ClockSeam, { now: () => new Date("2026-01-01") })];

// ## The registry
export function useRegistry(): () => void {
  const registry = new ToolRegistry([readFile, weather, today]);
  registry.definitions(); // [{ name, description, parameters }, …] — exactly what the model sees
  registry.definitions({ model: { id: "gpt-5-mini" } }); // only tools whose isAvailable allows it
  const unsubscribe = registry.subscribe((change) => console.log(change.type, change.tool.name));
  return unsubscribe;
}

// ## Arguments
export function safeValidateExample(): void {
  const { arguments: args, argumentsError } = parseToolCallArguments(
    '{"path":"a.txt","offset":"10"}',
  );
  const call = {
    type: "toolCall" as const,
    id: "call_1",
    name: "read_file",
    arguments: args,
    ...(argumentsError === undefined ? {} : { argumentsError }),
  };
  const result = safeValidateToolArguments(readFile, call);
  if (result.ok) {
    result.params; // { path: "a.txt", offset: 10 }
    result.changes; // [{ path: "/offset", rule: "convert", from: "10", to: 10 }]
    const offset: number | undefined = result.params.offset;
    console.log(offset);
  } else {
    result.error.message; // for the model, see below
    result.error.issues; // [{ path: "/offset", keyword: "type", message: "expected integer, got string" }]
    result.error.changes; // the coercions applied before it gave up
  }
}

// The throwing form: `validateToolArguments` returns params or throws the same error.
export function validateExample(): void {
  const { arguments: args, argumentsError } = parseToolCallArguments(
    '{"path":"a.txt","offset":"10"}',
  );
  const call = {
    type: "toolCall" as const,
    id: "call_1",
    name: "read_file",
    arguments: args,
    argumentsError,
  };
  try {
    const params = validateToolArguments(readFile, call); // { path: "a.txt", offset: 10 }
    const offset: number | undefined = params.offset;
    console.log(offset);
  } catch (error) {
    if (ToolArgumentsError.isInstance(error)) {
      console.log(error.message); // for the model
      console.log(error.issues); // [{ path: "/offset", keyword: "type", message: "expected integer, got string" }]
      console.log(error.changes); // the coercions applied before it gave up
    }
  }
}

// ### Coercion: lossless by default — opting into Pi's rules
export function piCoercion(parameters: typeof readFile.parameters, tools: readonly Tool[]) {
  const execute = () => ({ content: [] });
  const legacy = defineTool({
    name: "legacy_tool",
    description: "…",
    parameters,
    coercion: "pi",
    execute,
  });
  const registry = new ToolRegistry(tools, { coercion: "pi" });
  return { legacy, registry };
}
