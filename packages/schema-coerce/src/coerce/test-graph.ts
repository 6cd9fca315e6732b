/**
 * Test-only helpers: the real validator's graph (the one `compile()` hands to `createCoercer`),
 * and a runner for one pass alone on it.
 */
import { SchemaCompiler } from "../compile/schema-compiler";
import type { SchemaNode } from "../compile/schema-node";
import { formats } from "../formats";
import { createSchemaGraph, type SchemaGraph } from "../schema-graph";
import type { CoercionChange, CompileOptions, JsonSchema } from "../types";
import { CoercionRun } from "./coercion-run";

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
