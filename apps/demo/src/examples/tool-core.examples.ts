// The code examples of packages/tool-core/README.md, section by section, compiled by the demo's
// `typecheck` so a README example that stops compiling fails CI. Keep them in step with the
// README: same code, plus only what is needed to make a snippet a module (imports, exports).
import { Type } from "@sinclair/typebox";
import {
  defineSeam,
  defineTool,
  parseToolCallArguments,
  provideSeam,
  ToolArgumentsError,
  ToolRegistry,
  validateToolArguments,
} from "@toolwright/tool-core";

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
