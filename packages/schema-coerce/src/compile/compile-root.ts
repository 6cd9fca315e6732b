import type { CompileOptions, FormatCheck, JsonSchema } from "../types";
import { needsIndex } from "./needs-index";
import { type PatternCache, SchemaCompiler } from "./schema-compiler";
import type { SchemaNode } from "./schema-node";
import type { SchemaObject } from "./schema-shape";

/**
 * Compiles `schema` and returns its root node.
 *
 * Most tool schemas name no resources or anchors (`$id`, `$anchor`, `$dynamicAnchor`) and use no
 * `$dynamicRef`; their `$ref`s, if any, are `#` pointers into the document itself. Such a schema
 * compiles the same without the index of the whole document (a walk over every subschema that
 * was a fifth of compile time), so the first attempt skips it and gives up, to start over
 * indexed, on anything the index could change: a compiled subschema with one of those keywords,
 * a `$ref` that is not a pointer into the root document or that names nothing, a pointer that
 * passes through a subschema with `$id`. Compile errors of the first attempt are final (the
 * indexed compiler would meet the same node first); stack exhaustion is not, since the index
 * changes how deep the stack is when it runs out.
 */
export function compileRoot(
  schema: JsonSchema,
  options: CompileOptions,
  builtInFormats: Readonly<Record<string, FormatCheck>>,
): SchemaNode {
  // `regExp` is called once per distinct pattern: the indexed compiler reuses what the first
  // attempt built.
  const patterns: PatternCache = { matchers: undefined };
  if (options.schemas === undefined && !indexedUpFront(schema)) {
    try {
      return new SchemaCompiler(schema, options, builtInFormats, false, patterns).rootNode;
    } catch (error) {
      if (error !== needsIndex && !(error instanceof RangeError)) throw error;
    }
  }
  return new SchemaCompiler(schema, options, builtInFormats, true, patterns).rootNode;
}

/**
 * Whether the root or one of its `$defs` / `definitions` declares an identifier: then the first
 * attempt would only give up, after compiling part of the document for nothing.
 */
function indexedUpFront(schema: JsonSchema): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  return (
    declaresIdentifier(schema) ||
    definesIdentifier(schema.$defs) ||
    definesIdentifier(schema.definitions)
  );
}

function definesIdentifier(definitions: unknown): boolean {
  if (typeof definitions !== "object" || definitions === null) return false;
  for (const value of Object.values(definitions)) {
    if (declaresIdentifier(value)) return true;
  }
  return false;
}

function declaresIdentifier(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const schema = value as SchemaObject;
  return (
    schema.$id !== undefined ||
    schema.$anchor !== undefined ||
    schema.$dynamicAnchor !== undefined ||
    schema.$dynamicRef !== undefined
  );
}
