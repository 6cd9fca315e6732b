/**
 * The array keywords of one schema node, read once at compile time into a frozen shape that
 * `checkArray`, `reportArray`, `collectArray` and the coercion passes (through
 * `node.arrayShape`) read. Built by the one object literal below, so every shape has the same
 * hidden class.
 */
import { fitted } from "../fitted";
import { LEAF_NONE, leafCodeOf, leafHighOf, leafLowOf } from "../leaf-check";
import type { CompileContext, ReportFn, SchemaNode } from "../schema-node";
import { failKeyword, readCount, readSchemaArray, type SchemaObject } from "../schema-shape";

/** The array keywords of one schema node. */
export interface ArrayShape {
  /** Positional item schemas: `prefixItems`, or an `items` array (draft 7, `Type.Tuple`). */
  readonly prefixNodes: readonly SchemaNode[];
  /** The node is a tuple (it has `prefixItems` or an `items` array, even an empty one). */
  readonly isTuple: boolean;
  /** The schema of the items after the tuple: `items`, or `additionalItems` after an array. */
  readonly rest: SchemaNode | undefined;
  /** The keyword that holds {@link rest} (`items` or `additionalItems`), named in issues. */
  readonly restKeyword: string;
  /** The leaf code of {@link rest} and its bounds (see `leaf-check.ts`). */
  readonly restLeaf: number;
  readonly restLow: number;
  readonly restHigh: number;
  readonly contains: SchemaNode | undefined;
  readonly minContains: number;
  readonly maxContains: number;
  /** The keyword a too-low `contains` count is reported under. */
  readonly minContainsKeyword: string;
  readonly minItems: number;
  readonly maxItems: number;
  readonly uniqueItems: boolean;
  /** The fused `type: "array"` report, or `undefined` when a non-array passes. */
  readonly guard: ReportFn | undefined;
}

/**
 * Reads the array keywords of `schema` into a frozen {@link ArrayShape}, compiling each child;
 * `undefined` when the node has none and no fused type guard.
 */
export function buildArrayShape(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): ArrayShape | undefined {
  const draft7 = node.location.draft === "7";
  const pointer = node.pointer;
  let prefixSchemas: readonly unknown[] | undefined;
  let prefixKeyword = "prefixItems";
  let restSchema: unknown = schema.items;
  let restKeyword = "items";
  if (Array.isArray(schema.items)) {
    prefixSchemas = schema.items;
    prefixKeyword = "items";
    restSchema = schema.additionalItems;
    restKeyword = "additionalItems";
  } else if (!draft7) {
    prefixSchemas = readSchemaArray(schema, "prefixItems", node, context);
  }
  const prefixNodes: SchemaNode[] = [];
  for (const [index, item] of (prefixSchemas ?? []).entries()) {
    prefixNodes.push(context.child(item, node.location, `${pointer}/${prefixKeyword}/${index}`));
  }
  const rest =
    restSchema === undefined
      ? undefined
      : context.child(restSchema, node.location, `${pointer}/${restKeyword}`);
  const contains =
    schema.contains === undefined
      ? undefined
      : context.child(schema.contains, node.location, `${pointer}/contains`);
  const minContains =
    contains === undefined || draft7 ? 1 : (readCount(schema, "minContains", node, context) ?? 1);
  const maxContains =
    contains === undefined || draft7
      ? Infinity
      : (readCount(schema, "maxContains", node, context) ?? Infinity);
  const minItems = readCount(schema, "minItems", node, context) ?? 0;
  const maxItems = readCount(schema, "maxItems", node, context) ?? Infinity;
  const uniqueItems = schema.uniqueItems;
  if (uniqueItems !== undefined && typeof uniqueItems !== "boolean") {
    return failKeyword(context, node, "uniqueItems", "a boolean");
  }
  if (
    prefixSchemas === undefined &&
    rest === undefined &&
    contains === undefined &&
    minItems === 0 &&
    maxItems === Infinity &&
    uniqueItems !== true &&
    guard === undefined
  ) {
    return undefined;
  }
  return Object.freeze({
    prefixNodes: fitted(prefixNodes),
    isTuple: prefixSchemas !== undefined,
    rest,
    restKeyword,
    restLeaf: rest === undefined ? LEAF_NONE : leafCodeOf(rest),
    restLow: rest === undefined ? -Infinity : leafLowOf(rest),
    restHigh: rest === undefined ? Infinity : leafHighOf(rest),
    contains,
    minContains,
    maxContains,
    minContainsKeyword: draft7 || minContains === 1 ? "contains" : "minContains",
    minItems,
    maxItems,
    uniqueItems: uniqueItems === true,
    guard,
  });
}
