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

/** Compiles `type` (a name or an array of names). */
export function compileType(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): TypeKeyword | undefined {
  const value = schema.type;
  if (value === undefined) return undefined;
  const types = typeof value === "string" ? [value] : value;
  if (
    !Array.isArray(types) ||
    types.length === 0 ||
    types.some((name) => typeof name !== "string" || !Object.hasOwn(typeTests, name))
  ) {
    return failKeyword(context, node, "type", "a JSON type name or an array of them");
  }
  const tests = (types as string[]).map((name) => typeTests[name]!);
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
  const expected = `expected ${(types as string[]).join(" or ")}, got `;
  return {
    types: types as string[],
    check,
    report: (candidate, path, issues: SchemaIssue[]) => {
      if (check(candidate, undefined)) return true;
      issues.push({ path, keyword: "type", message: expected + valueKind(candidate) });
      return false;
    },
  };
}
