import type { SchemaIssue } from "../../types";
import type { CheckFn, CompileContext, Keyword, SchemaNode } from "../schema-node";
import { failKeyword, type SchemaObject } from "../schema-shape";
import { valueKind } from "../value-kind";

const typeTests: Readonly<Record<string, (value: unknown) => boolean>> = {
  null: (value) => value === null,
  boolean: (value) => typeof value === "boolean",
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === "object" && value !== null && !Array.isArray(value),
};

/** The compiled `type` keyword, and the single type it names (used to fuse type guards). */
export interface TypeKeyword extends Keyword {
  readonly types: readonly string[];
}

/**
 * Compiled `type` keywords by {@link typeCacheKey}. A type keyword depends on nothing but its
 * value, so every node naming the same types shares one (most nodes of a tool schema have a
 * `type`). Only valid values are stored.
 */
const compiledTypes = new Map<string, TypeKeyword>();
/** Type lists are few in practice; the bound keeps a stream of odd schemas from growing it. */
const COMPILED_TYPES_LIMIT = 128;

/** Compiles `type` (a name or an array of names). */
export function compileType(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): TypeKeyword | undefined {
  const value = schema.type;
  if (value === undefined) return undefined;
  return (
    sharedTypeKeyword(value) ??
    failKeyword(context, node, "type", "a JSON type name or an array of them")
  );
}

/** The shared compiled form of a valid `type` value; `undefined` when the value is malformed. */
export function sharedTypeKeyword(value: unknown): TypeKeyword | undefined {
  const cacheKey = typeCacheKey(value);
  if (cacheKey === undefined) return undefined;
  const cached = compiledTypes.get(cacheKey);
  if (cached !== undefined) return cached;
  const keyword = buildType(typeof value === "string" ? [value] : (value as string[]));
  if (compiledTypes.size < COMPILED_TYPES_LIMIT) compiledTypes.set(cacheKey, keyword);
  return keyword;
}

/**
 * A key that tells valid `type` values apart: the name, or `[` and the names joined by `,`.
 * `undefined` for anything that is not a known name or a non-empty array of them: such a value
 * is never cached, so a malformed `type` always reaches the compile error.
 */
export function typeCacheKey(value: unknown): string | undefined {
  if (typeof value === "string") return typeName(value);
  if (!Array.isArray(value) || value.length === 0) return undefined;
  for (const name of value) {
    if (typeof name !== "string" || typeName(name) === undefined) return undefined;
  }
  return `[${value.join(",")}`;
}

/**
 * The type name `name` spells, as this module's own string, or `undefined`. A `type` read from a
 * freshly parsed schema is a string of its own, which a map must hash before each lookup; the
 * module's literal is hashed once.
 */
function typeName(name: string): string | undefined {
  switch (name) {
    case "object":
      return "object";
    case "string":
      return "string";
    case "integer":
      return "integer";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return "array";
    case "null":
      return "null";
    default:
      return undefined;
  }
}

/** Builds the keyword for known type names (checked by {@link typeCacheKey}). */
function buildType(given: readonly string[]): TypeKeyword {
  // A copy: the keyword outlives this schema and is shared with others.
  const types = Object.freeze([...given]);
  const tests = types.map((name) => typeTests[name]!);
  let check: CheckFn;
  if (tests.length === 1) {
    const only = tests[0]!;
    check = (candidate) => only(candidate);
  } else if (tests.length === 2) {
    const [first, second] = tests as [(value: unknown) => boolean, (value: unknown) => boolean];
    check = (candidate) => first(candidate) || second(candidate);
  } else {
    check = (candidate) => {
      for (let index = 0; index < tests.length; index++) {
        if (tests[index]!(candidate)) return true;
      }
      return false;
    };
  }
  const expected = `expected ${types.join(" or ")}, got `;
  return {
    types,
    check,
    report: (candidate, path, issues: SchemaIssue[]) => {
      if (check(candidate, undefined)) return true;
      issues.push({ path, keyword: "type", message: expected + valueKind(candidate) });
      return false;
    },
  };
}
