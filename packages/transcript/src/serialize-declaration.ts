/**
 * The canonical serialised form of a declaration, computed once per object. Declarations are
 * compared on every model request, so each tool object (and each declaration read from a
 * transcript) is serialised a single time and the string is kept in the caches of the owning
 * `createToolDeclarations()` instance. The cache assumes the objects are not mutated afterwards —
 * tool definitions and transcript messages are treated as immutable throughout this package.
 */
import { buildToolDeclaration, type ToolDeclaration } from "@toolwright/tool-core";
import type { DeclarableTool } from "./declarable-tool";
import type { DeclarationCaches } from "./declaration-caches";
import { TranscriptError } from "./transcript-error";

/**
 * `JSON.stringify` of tool-core's `buildToolDeclaration` (`{ name, description, parameters,
 * constrainedSampling? }` in that key order, `{ type: "object" }` for absent parameters, the JSON
 * Schema a Standard Schema produces). Throws a `TranscriptError` (`INVALID_TOOL`) when the
 * declaration is not JSON (a cycle, a bigint) or its Standard Schema cannot produce JSON Schema.
 */
export function serializeDeclaration(caches: DeclarationCaches, tool: DeclarableTool): string {
  if (typeof tool !== "object" || tool === null) {
    throw new TranscriptError("INVALID_TOOL", "A tool declaration must be an object");
  }
  const cached = caches.serialised.get(tool);
  if (cached !== undefined) return cached;
  let declaration: ToolDeclaration;
  try {
    declaration = buildToolDeclaration(tool as ToolDeclaration);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TranscriptError(
      "INVALID_TOOL",
      `Tool ${describeName(tool)} cannot be declared: ${reason}`,
      { cause: error },
    );
  }
  let serialised: string;
  try {
    serialised = JSON.stringify(declaration);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TranscriptError(
      "INVALID_TOOL",
      `Tool ${describeName(tool)} cannot be declared: its declaration is not JSON (${reason})`,
      { cause: error },
    );
  }
  caches.serialised.set(tool, serialised);
  return serialised;
}

function describeName(tool: DeclarableTool): string {
  return typeof tool.name === "string" ? JSON.stringify(tool.name) : "(unnamed)";
}
