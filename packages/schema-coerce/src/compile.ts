import { type Coercer, type CoercionVerdict, createCoercer, isCoercionOn } from "./coerce";
import { compileRoot } from "./compile/compile-root";
import { findOpenObjectNode } from "./compile/find-open-object-node";
import type { SchemaNode } from "./compile/schema-node";
import { formats as builtInFormats } from "./formats";
import { SchemaError } from "./schema-error";
import { createSchemaGraph, type SchemaGraph } from "./schema-graph";
import type {
  CoercionChange,
  CompiledSchema,
  CompileOptions,
  InferSchema,
  JsonSchema,
  ParseResult,
  SchemaIssue,
} from "./types";

const noChanges: readonly CoercionChange[] = Object.freeze([]);

/**
 * Compiles `schema` once into closures (no `eval`, no `new Function`: it runs under a strict CSP
 * and `--disallow-code-generation-from-strings`). Throws a {@link SchemaError} for a schema that
 * cannot be compiled; the returned methods never throw.
 *
 * Values the validator cannot finish judging — nested deeper than the call stack allows, or
 * cyclic against a recursive schema — are invalid (`check` → `false`, one root issue), never a
 * thrown `RangeError` or a hang.
 */
export function compile<S extends JsonSchema>(
  schema: S,
  options: CompileOptions = {},
): CompiledSchema<InferSchema<S>> {
  type Value = InferSchema<S>;
  // Only the root node is kept (the coercer reads the nodes it reaches): the compiler's registry
  // and node maps, most of a compiled schema's memory, are collected.
  const root = compileSchema(schema, options);
  // `removeAdditional` alone also rewrites in coerce()/parse() (SPEC §1.1); the coercer then runs
  // only that step.
  const rewrites = isCoercionOn(options) || options.removeAdditional === true;
  const graph: SchemaGraph | undefined = rewrites ? createSchemaGraph(root, options) : undefined;
  const rootCheck = root.check;
  let coercer: Coercer | undefined;

  const check = (value: unknown): value is Value => {
    try {
      return rootCheck(value, undefined);
    } catch {
      // Stack exhaustion (very deep or cyclic values) or a throwing getter: not valid.
      return false;
    }
  };

  // The issues of a value `check` has just rejected: callers that know that skip a second check.
  const reportIssues = (value: unknown): SchemaIssue[] => {
    const issues: SchemaIssue[] = [];
    try {
      root.report(value, "", issues, undefined);
    } catch {
      return [{ path: "", keyword: "schema", message: "value is nested too deeply to validate" }];
    }
    if (issues.length === 0) {
      issues.push({ path: "", keyword: "schema", message: "value does not match the schema" });
    }
    return issues;
  };

  const errors = (value: unknown): SchemaIssue[] => (check(value) ? [] : reportIssues(value));

  const coerce = (value: unknown): unknown => {
    if (graph === undefined || check(value)) return value;
    coercer ??= createCoercer(graph);
    return coercer(value, []);
  };

  return {
    schema,
    check,
    errors,
    validate: (value): ParseResult<Value> =>
      check(value)
        ? { ok: true, value, changes: noChanges }
        : { ok: false, errors: reportIssues(value), changes: noChanges },
    coerce,
    parse: (value): ParseResult<Value> => {
      if (check(value)) return { ok: true, value, changes: noChanges };
      if (graph === undefined) {
        return { ok: false, errors: reportIssues(value), changes: noChanges };
      }
      coercer ??= createCoercer(graph);
      const changes: CoercionChange[] = [];
      const verdict: CoercionVerdict = { valid: false };
      const coerced = coercer(value, changes, verdict);
      if (verdict.valid) return { ok: true, value: coerced as Value, changes };
      // The coercer never mutates its input, so a value handed back untouched is still invalid.
      const untouched = coerced === value && changes.length === 0;
      if (!untouched && check(coerced)) return { ok: true, value: coerced, changes };
      return { ok: false, errors: reportIssues(coerced), changes };
    },
  };
}

function compileSchema(schema: JsonSchema, options: CompileOptions): SchemaNode {
  if (options.requireClosedObjects === true) {
    const openNode = findOpenObjectNode(schema);
    if (openNode !== undefined) {
      throw new SchemaError(
        "UNSUPPORTED_SCHEMA",
        `an object schema must set additionalProperties (requireClosedObjects) (at #${openNode})`,
      );
    }
  }
  try {
    return compileRoot(schema, options, builtInFormats);
  } catch (error) {
    if (SchemaError.isInstance(error)) throw error;
    if (error instanceof RangeError) {
      throw new SchemaError("INVALID_SCHEMA", "schema is nested too deeply to compile (at #)", {
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new SchemaError("INVALID_SCHEMA", `schema could not be compiled: ${reason} (at #)`, {
      cause: error,
    });
  }
}
