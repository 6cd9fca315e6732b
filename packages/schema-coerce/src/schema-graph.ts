/**
 * The internal seam between the validator (`compile/`) and the coercion passes (`coerce/`).
 * Not exported from the package root.
 *
 * The validator compiles a schema document (and the documents in `options.schemas`) into a graph
 * of closures, one per schema node, keyed by the node's object identity. The coercion passes walk
 * the same schema objects and ask the graph two things: does this node accept this value, and
 * where does this node's `$ref` point.
 */
import type {
  CompileOptions,
  JsonSchema,
  JsonSchemaObject,
  PatternMatcher,
  SchemaDraft,
} from "./types";

export interface SchemaGraph {
  /** The draft the root document is read as (decides e.g. whether `$ref` siblings count). */
  readonly draft: SchemaDraft;
  /** The root schema node. */
  readonly root: JsonSchema;
  /** The options the graph was compiled with. */
  readonly options: CompileOptions;
  /**
   * Whether `node` (any schema object or boolean reached while compiling this graph, including
   * nodes of documents in `options.schemas`) accepts `value`. Never throws. For a node the graph
   * never reached, compiles it on demand in the root document's scope.
   */
  accepts(node: JsonSchema, value: unknown): boolean;
  /**
   * The schema that `node.$ref` (or `$dynamicRef`) points at, resolved against the node's base URI;
   * `undefined` when the node has no reference or the reference names nothing.
   */
  resolveRef(node: JsonSchemaObject): JsonSchema | undefined;
  /** The matcher for a `pattern` / `patternProperties` source, compiled once per source. */
  pattern(source: string): PatternMatcher;
}
