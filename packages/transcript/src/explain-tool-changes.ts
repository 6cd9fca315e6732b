import type { DeclarableTool } from "./declarable-tool";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { diffJsonValues, type JsonDifference } from "./diff-json-values";
import { serializeDeclaration } from "./serialize-declaration";

/** One part of a declaration that changed. */
export type DeclarationChange =
  | {
      readonly type: "description";
      readonly previous: string;
      readonly current: string;
    }
  | {
      readonly type: "constrainedSampling";
      readonly previous: boolean | undefined;
      readonly current: boolean | undefined;
    }
  | {
      readonly type: "parameters";
      /** What happened at `path` in the parameter schema. */
      readonly difference: JsonDifference;
    };

/** Why one tool's declaration is not what it was. */
export type ToolChangeExplanation =
  | { readonly type: "added"; readonly name: string; readonly message: string }
  | { readonly type: "removed"; readonly name: string; readonly message: string }
  | {
      readonly type: "changed";
      readonly name: string;
      /** Every difference, description first, then parameters in schema order. */
      readonly changes: readonly DeclarationChange[];
      /** One line per change, for a log. */
      readonly message: string;
    };

interface PlainDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
  readonly constrainedSampling?: boolean;
}

/**
 * Explains the difference between two tool states, so an application can log why a cached prompt
 * prefix broke: removed and changed tools in `previous` order, then added tools in `current`
 * order. For a changed tool it names each changed part: the description, `constrainedSampling`,
 * or the parameter schema at a JSON Pointer (a key added, removed or changed — or only the key
 * order, which alone changes the serialised declaration). Unchanged tools are left out. Uses the
 * default instance's caches (see `createToolDeclarations`).
 */
export function explainToolChanges(
  previous: readonly DeclarableTool[],
  current: readonly DeclarableTool[],
): ToolChangeExplanation[] {
  return explainToolChangesIn(defaultDeclarationCaches, previous, current);
}

/** {@link explainToolChanges} with the caches of one `createToolDeclarations()` instance. */
export function explainToolChangesIn(
  caches: DeclarationCaches,
  previous: readonly DeclarableTool[],
  current: readonly DeclarableTool[],
): ToolChangeExplanation[] {
  const previousByName = new Map(previous.map((tool) => [tool.name, tool]));
  const currentByName = new Map(current.map((tool) => [tool.name, tool]));
  const explanations: ToolChangeExplanation[] = [];
  for (const tool of previous) {
    const other = currentByName.get(tool.name);
    if (other === undefined) {
      explanations.push({ type: "removed", name: tool.name, message: `${tool.name}: removed` });
      continue;
    }
    const previousText = serializeDeclaration(caches, tool);
    const currentText = serializeDeclaration(caches, other);
    if (previousText === currentText) continue;
    const changes = describeChanges(
      JSON.parse(previousText) as PlainDeclaration,
      JSON.parse(currentText) as PlainDeclaration,
    );
    explanations.push({
      type: "changed",
      name: tool.name,
      changes,
      message: changes.map((change) => `${tool.name}: ${formatChange(change)}`).join("\n"),
    });
  }
  for (const tool of current) {
    if (previousByName.has(tool.name)) continue;
    explanations.push({ type: "added", name: tool.name, message: `${tool.name}: added` });
  }
  return explanations;
}

function describeChanges(
  previous: PlainDeclaration,
  current: PlainDeclaration,
): DeclarationChange[] {
  const changes: DeclarationChange[] = [];
  if (previous.description !== current.description) {
    changes.push({
      type: "description",
      previous: previous.description,
      current: current.description,
    });
  }
  if (previous.constrainedSampling !== current.constrainedSampling) {
    changes.push({
      type: "constrainedSampling",
      previous: previous.constrainedSampling,
      current: current.constrainedSampling,
    });
  }
  for (const difference of diffJsonValues(previous.parameters, current.parameters)) {
    changes.push({ type: "parameters", difference });
  }
  return changes;
}

function formatChange(change: DeclarationChange): string {
  switch (change.type) {
    case "description":
      return `description changed from ${preview(change.previous)} to ${preview(change.current)}`;
    case "constrainedSampling":
      return `constrainedSampling changed from ${String(change.previous)} to ${String(change.current)}`;
    case "parameters":
      return formatDifference(change.difference);
  }
}

function formatDifference(difference: JsonDifference): string {
  const where = `parameters${difference.path === "" ? "" : ` at ${difference.path}`}`;
  switch (difference.type) {
    case "added":
      return `${where}: added ${preview(difference.current)}`;
    case "removed":
      return `${where}: removed ${preview(difference.previous)}`;
    case "changed":
      return `${where}: changed from ${preview(difference.previous)} to ${preview(difference.current)}`;
    case "keyOrder":
      return `${where}: key order changed from [${difference.previous.join(", ")}] to [${difference.current.join(", ")}]`;
  }
}

const previewLength = 60;

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > previewLength ? `${text.slice(0, previewLength - 1)}…` : text;
}
