import { jsonEqual } from "../json-equal";
import type { CompileContext, Keyword, SchemaNode } from "../schema-node";
import { failKeyword, type SchemaObject } from "../schema-shape";

/** Compiles `const` (JSON deep equality). */
export function compileConst(schema: SchemaObject): Keyword | undefined {
  if (!Object.hasOwn(schema, "const")) return undefined;
  const expected = schema.const;
  let message: string | undefined;
  const check =
    typeof expected === "object" && expected !== null
      ? (value: unknown) => jsonEqual(value, expected)
      : (value: unknown) => value === expected;
  return {
    check,
    report: (value, path, issues) => {
      if (check(value)) return true;
      // Built by the first invalid value: most compiled schemas never need it.
      message ??= `expected ${JSON.stringify(expected)}`;
      issues.push({ path, keyword: "const", message });
      return false;
    },
  };
}

/** Compiles `enum`: a `Set` lookup when every member is a primitive, else deep equality. */
export function compileEnum(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  const members = schema.enum;
  if (members === undefined) return undefined;
  if (!Array.isArray(members)) return failKeyword(context, node, "enum", "an array");
  let message: string | undefined;
  const allPrimitive = members.every((member) => typeof member !== "object" || member === null);
  let check: (value: unknown) => boolean;
  if (allPrimitive && members.length <= 8) {
    // A short scan with `===` beats hashing for the few literals tool schemas list.
    check = (value) => {
      for (let index = 0; index < members.length; index++) {
        if (members[index] === value) return true;
      }
      return false;
    };
  } else if (allPrimitive) {
    const set = new Set<unknown>(members);
    check = (value) => (typeof value !== "object" || value === null) && set.has(value);
  } else {
    check = (value) => {
      for (let index = 0; index < members.length; index++) {
        if (jsonEqual(value, members[index])) return true;
      }
      return false;
    };
  }
  return {
    check,
    report: (value, path, issues) => {
      if (check(value)) return true;
      message ??= `expected one of ${JSON.stringify(members)}`;
      issues.push({ path, keyword: "enum", message });
      return false;
    },
  };
}
