// Test-only helper (not exported from the package): a registrable tool with a small schema.
import type { Tool } from "@toolwright/tool-core";

/** A tool named `name` whose schema has one string property `property`, plus any `overrides`. */
export function makeTestTool(name: string, overrides: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `The ${name} tool`,
    parameters: {
      type: "object",
      properties: { input: { type: "string" } },
      required: ["input"],
    },
    execute: () => ({ content: [{ type: "text", text: name }], details: undefined }),
    ...overrides,
  } as Tool;
}
