import type { ToolDeclaration } from "@toolwright/tool-core";
import type { DeclarableTool } from "@toolwright/transcript";

/** What `toProviderTools` takes per tool: a declaration, or a tool definition (declared first). */
export type ProviderToolInput = ToolDeclaration | DeclarableTool;
