import type { ToolDeclaration } from "@toolwright/tool-core";
import type { DeclarableTool } from "./declarable-tool";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { serializeDeclaration } from "./serialize-declaration";

/**
 * What the model sees of a tool: a new object with exactly `name`, `description`, `parameters` (a
 * JSON deep copy — TypeBox's symbol keys and `undefined` values are gone; `{ type: "object" }` when
 * the tool has none; for Standard Schema parameters the JSON Schema their library produces) and
 * `constrainedSampling` only when defined. `execute`, `label`, `output` and every other executable
 * or UI field are stripped.
 *
 * The tool is serialised once per object (later calls only parse the cached string), so mutating a
 * tool after its first declaration is not seen. Throws a `TranscriptError` (`INVALID_TOOL`) when
 * the declaration is not JSON. Uses the default instance's caches (see `createToolDeclarations`).
 */
export function toToolDeclaration(tool: DeclarableTool): ToolDeclaration {
  return toToolDeclarationIn(defaultDeclarationCaches, tool);
}

/** {@link toToolDeclaration} with the caches of one `createToolDeclarations()` instance. */
export function toToolDeclarationIn(
  caches: DeclarationCaches,
  tool: DeclarableTool,
): ToolDeclaration {
  return JSON.parse(serializeDeclaration(caches, tool)) as ToolDeclaration;
}
