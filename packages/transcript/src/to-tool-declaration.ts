import type { ToolDeclaration } from "@toolwright/tool-core";
import type { DeclarableTool } from "./declarable-tool";
import { serializeDeclaration } from "./serialize-declaration";

/**
 * What the model sees of a tool: a new object with exactly `name`, `description`, `parameters` (a
 * JSON deep copy — TypeBox's symbol keys and `undefined` values are gone; `{ type: "object" }` when
 * the tool has none) and `constrainedSampling` only when defined. `execute`, `label`, `output` and
 * every other executable or UI field are stripped.
 *
 * The tool is serialised once per object (later calls only parse the cached string), so mutating a
 * tool after its first declaration is not seen. Throws a `TranscriptError` (`INVALID_TOOL`) when
 * the declaration is not JSON.
 */
export function toToolDeclaration(tool: DeclarableTool): ToolDeclaration {
  return JSON.parse(serializeDeclaration(tool)) as ToolDeclaration;
}
