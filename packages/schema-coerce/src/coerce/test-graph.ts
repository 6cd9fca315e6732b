/**
 * Test-only helpers: the real validator's graph (the one `compile()` hands to `createCoercer`),
 * a runner for one pass alone on it, and the run of passes 1 and 2 that the pass-3 skips are
 * judged after.
 */
import { expect } from "vitest";
import { SchemaCompiler } from "../compile/schema-compiler";
import type { SchemaNode } from "../compile/schema-node";
import { formats } from "../formats";
import { createSchemaGraph, type SchemaGraph } from "../schema-graph";
import type { CoercionChange, CompileOptions, JsonSchema } from "../types";
import { coerceTypes } from "./coerce-types";
import { CoercionRun } from "./coercion-run";
import { convertValue } from "./convert-value";
import { dropOptionalNulls } from "./drop-optional-nulls";

/** The validator's graph for `root`, compiled with `options`. */
export function createTestGraph(root: JsonSchema, options: CompileOptions = {}): SchemaGraph {
  return createSchemaGraph(new SchemaCompiler(root, options, formats).rootNode, options);
}

/**
 * One pass's function, as the pipeline calls it.
 *
 * **Contract:** must not throw or mutate `value`; returns `value` itself when nothing changed.
 */
export type Pass = (run: CoercionRun, node: SchemaNode, value: unknown) => unknown;

/** Runs one pass alone on `value` and returns the result with the changes it recorded. */
export function runPass(
  pass: Pass,
  schema: JsonSchema,
  value: unknown,
  options: CompileOptions = {},
): { value: unknown; changes: CoercionChange[] } {
  const graph = createTestGraph(schema, { coerce: true, ...options });
  const changes: CoercionChange[] = [];
  const run = new CoercionRun(graph);
  run.begin(changes);
  return { value: pass(run, graph.root, value), changes };
}

/** Passes 1 and 2 on `value` in one run: the run, their result and the changes recorded. */
export function runPassesOneAndTwo(
  graph: SchemaGraph,
  value: unknown,
): { run: CoercionRun; converted: unknown; changes: CoercionChange[] } {
  const changes: CoercionChange[] = [];
  const run = new CoercionRun(graph);
  run.begin(changes);
  const root = graph.root;
  return { run, converted: convertValue(run, root, dropOptionalNulls(run, root, value)), changes };
}

/** Asserts that pass 3, on what passes 1 and 2 left, returns that value and records nothing. */
export function expectTypePassToChangeNothing(
  run: CoercionRun,
  converted: unknown,
  changes: readonly CoercionChange[],
): void {
  const recorded = changes.length;
  expect(coerceTypes(run, run.graph.root, converted)).toBe(converted);
  expect(changes.length).toBe(recorded);
}
