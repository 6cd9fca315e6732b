/**
 * The internal seam between the validator (`compile/`) and the coercion passes (`coerce/`).
 * Not exported from the package root.
 *
 * The validator compiles a schema document into a graph of {@link SchemaNode}s, one per schema
 * object, each carrying what it read: its object and array shapes, its `$ref` target, its
 * `allOf` members and union branches. The coercion passes walk that graph — they never read a
 * schema's keywords again — and ask a node whether it accepts a value.
 */
import type { SchemaNode } from "./compile/schema-node";
import type { CompileOptions } from "./types";

export interface SchemaGraph {
  /** The options the graph was compiled with. */
  readonly options: CompileOptions;
  /** The root schema node. */
  readonly root: SchemaNode;
  /** Whether `node` accepts `value`. Never throws (a failure to judge is `false`). */
  accepts(node: SchemaNode, value: unknown): boolean;
}

/**
 * The graph of a compiled root node. It holds the root node and the options only, so the
 * compiler that built it (its registry and node maps) can be collected.
 */
export function createSchemaGraph(root: SchemaNode, options: CompileOptions): SchemaGraph {
  return { options, root, accepts: acceptsValue };
}

function acceptsValue(node: SchemaNode, value: unknown): boolean {
  try {
    return node.check(value, undefined);
  } catch {
    return false;
  }
}
