// The app's tools as they were before the move: AI SDK tools with Zod schemas. Kept beside the new
// ones so the test can show what the one-line change does.
import { type ToolSet, tool } from "ai";
import { z } from "zod";
import { type Files, forecastFor } from "./tools";

export function createLegacyTools(files: Files): ToolSet {
  return {
    get_weather: tool({
      description: "The forecast for a city",
      inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
      execute: async ({ city, days }) => forecastFor(city, days),
    }),
    delete_file: tool({
      description: "Delete a file from the workspace",
      inputSchema: z.object({ path: z.string() }),
      needsApproval: true,
      execute: async ({ path }) => files.delete(path),
    }),
  };
}
