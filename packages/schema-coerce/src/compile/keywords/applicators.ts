import type { SchemaIssue } from "../../types";
import type {
  CheckFn,
  CollectFn,
  CompileContext,
  Keyword,
  SchemaNode,
  Scope,
} from "../schema-node";
import { readSchemaArray, type SchemaObject } from "../schema-shape";
import { findTaggedBranch, findUnionTag, reportBestBranch, type UnionTag } from "./best-branch";
import { collectorOf, createEvaluated, mergeEvaluated } from "./collector-of";

function children(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): SchemaNode[] | undefined {
  const list = readSchemaArray(schema, keyword, node, context);
  return list?.map((item, index) =>
    context.child(item, node.location, `${node.pointer}/${keyword}/${index}`),
  );
}

/** Compiles `allOf`: every member must match. */
export function compileAllOf(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  const members = children(schema, "allOf", node, context);
  if (members === undefined) return undefined;
  node.allOfMembers = members;
  const check: CheckFn = (value, scope) => {
    for (let index = 0; index < members.length; index++) {
      if (!members[index]!.check(value, scope)) return false;
    }
    return true;
  };
  return {
    check,
    report: (value, path, issues, scope) => {
      let valid = true;
      for (const member of members) {
        if (!member.report(value, path, issues, scope)) valid = false;
      }
      return valid;
    },
    collect: (value, scope, evaluated) => {
      let valid = true;
      for (const member of members) {
        if (!collectorOf(member)(value, scope, evaluated)) valid = false;
      }
      return valid;
    },
  };
}

/** Compiles `anyOf` (`exactlyOne` false) or `oneOf` (`exactlyOne` true). */
export function compileUnion(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  keyword: "anyOf" | "oneOf",
): Keyword | undefined {
  const branches = children(schema, keyword, node, context);
  if (branches === undefined) return undefined;
  // `anyOf` is compiled first: the coercion passes read it when both are present.
  node.unionBranches ??= branches;
  const exactlyOne = keyword === "oneOf";
  // The tag is only needed to explain a failure, so it is found on the first failure.
  let tag: UnionTag | undefined | null = null;
  const check: CheckFn = exactlyOne
    ? (value, scope) => {
        let matches = 0;
        for (let index = 0; index < branches.length; index++) {
          if (branches[index]!.check(value, scope) && ++matches > 1) return false;
        }
        return matches === 1;
      }
    : (value, scope) => {
        for (let index = 0; index < branches.length; index++) {
          if (branches[index]!.check(value, scope)) return true;
        }
        return false;
      };
  const report = (value: unknown, path: string, issues: SchemaIssue[], scope: Scope): boolean => {
    if (!exactlyOne) {
      if (tag === null) tag = findUnionTag(branches);
      const tagged = findTaggedBranch(tag, value);
      if (tagged !== -1) return reportTaggedAnyOf(tagged, value, path, issues, scope);
    }
    // Counts matches only as far as the verdict needs: one for anyOf, two for oneOf.
    let matches = 0;
    for (let index = 0; index < branches.length; index++) {
      if (!branches[index]!.check(value, scope)) continue;
      if (!exactlyOne) return true;
      if (++matches > 1) break;
    }
    if (matches === 1) return true;
    if (matches > 1) {
      issues.push({ path, keyword, message: "matches more than one alternative" });
      return false;
    }
    if (tag === null) tag = findUnionTag(branches);
    reportBestBranch(branches, tag, value, path, issues, scope);
    return false;
  };
  // The branch the tag names is reported first (its verdict replaces a separate check); should
  // another branch match after all, its issues are taken back.
  const reportTaggedAnyOf = (
    tagged: number,
    value: unknown,
    path: string,
    issues: SchemaIssue[],
    scope: Scope,
  ): boolean => {
    const start = issues.length;
    if (branches[tagged]!.report(value, path, issues, scope)) return true;
    for (let index = 0; index < branches.length; index++) {
      if (index !== tagged && branches[index]!.check(value, scope)) {
        issues.length = start;
        return true;
      }
    }
    return false;
  };
  const collect: CollectFn = (value, scope, evaluated) => {
    let matches = 0;
    for (const branch of branches) {
      const branchEvaluated = createEvaluated();
      if (collectorOf(branch)(value, scope, branchEvaluated)) {
        matches++;
        mergeEvaluated(evaluated, branchEvaluated);
      }
    }
    return exactlyOne ? matches === 1 : matches > 0;
  };
  return { check, report, collect };
}

/** Compiles `not`. It yields no annotations, so it has no collecting form. */
export function compileNot(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  if (schema.not === undefined) return undefined;
  const inner = context.child(schema.not, node.location, `${node.pointer}/not`);
  const check: CheckFn = (value, scope) => !inner.check(value, scope);
  return {
    check,
    report: (value, path, issues, scope) => {
      if (check(value, scope)) return true;
      issues.push({ path, keyword: "not", message: "must not match the schema in not" });
      return false;
    },
  };
}

/** Compiles `if` / `then` / `else` (`then`/`else` without `if` do nothing). */
export function compileConditional(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  if (schema.if === undefined) return undefined;
  const location = node.location;
  const condition = context.child(schema.if, location, `${node.pointer}/if`);
  const then =
    schema.then === undefined
      ? undefined
      : context.child(schema.then, location, `${node.pointer}/then`);
  const otherwise =
    schema.else === undefined
      ? undefined
      : context.child(schema.else, location, `${node.pointer}/else`);
  if (then === undefined && otherwise === undefined) {
    // `if` alone never fails, but its annotations still count for `unevaluated*`.
    return {
      check: () => true,
      report: () => true,
      collect: (value, scope, evaluated) => {
        const conditionEvaluated = createEvaluated();
        if (collectorOf(condition)(value, scope, conditionEvaluated)) {
          mergeEvaluated(evaluated, conditionEvaluated);
        }
        return true;
      },
    };
  }
  const check: CheckFn = (value, scope) => {
    const branch = condition.check(value, scope) ? then : otherwise;
    return branch === undefined || branch.check(value, scope);
  };
  return {
    check,
    report: (value, path, issues, scope) => {
      const branch = condition.check(value, scope) ? then : otherwise;
      return branch === undefined || branch.report(value, path, issues, scope);
    },
    collect: (value, scope, evaluated) => {
      const conditionEvaluated = createEvaluated();
      const matched = collectorOf(condition)(value, scope, conditionEvaluated);
      if (matched) mergeEvaluated(evaluated, conditionEvaluated);
      const branch = matched ? then : otherwise;
      return branch === undefined || collectorOf(branch)(value, scope, evaluated);
    },
  };
}
