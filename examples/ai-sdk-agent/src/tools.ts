// The same tools as Toolwright tools: plain JSON Schema via TypeBox, one registry.
import { Type } from "@sinclair/typebox";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";

/** The workspace the agent works in (a Set of paths here; a real app passes its own). */
export interface Files {
  delete(path: string): string;
  list(): string[];
}

export function createFiles(paths: readonly string[]): Files {
  const present = new Set(paths);
  return {
    delete: (path) => (present.delete(path) ? `deleted ${path}` : `no such file: ${path}`),
    list: () => [...present].sort(),
  };
}

export function forecastFor(city: string, days: number): string {
  return `${city}: sunny for ${days} day${days === 1 ? "" : "s"}`;
}

export function createRegistry(files: Files): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: "get_weather",
      description: "The forecast for a city",
      parameters: Type.Object({
        city: Type.String(),
        days: Type.Integer({ minimum: 1, maximum: 7 }),
      }),
      execute: ({ city, days }) => ({ content: [{ type: "text", text: forecastFor(city, days) }] }),
    }),
    defineTool({
      name: "delete_file",
      description: "Delete a file from the workspace",
      parameters: Type.Object({ path: Type.String() }),
      needsApproval: true,
      lockKeys: ({ path }) => [path],
      execute: ({ path }) => ({ content: [{ type: "text", text: files.delete(path) }] }),
    }),
  ]);
}
