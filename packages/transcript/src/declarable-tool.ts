/**
 * Anything that can be declared to the model: a tool definition (its executable and UI fields are
 * ignored) or a `ToolDeclaration` read back from a transcript. `parameters` absent means
 * `{ type: "object" }`.
 */
export interface DeclarableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters?: unknown;
  readonly constrainedSampling?: boolean | undefined;
}
