import { isDraft7RelativeJsonPointer, isRelativeJsonPointer } from "../../formats/json-pointer";
import type { FormatCheck, SchemaIssue } from "../../types";
import { codePointLength } from "../code-point-length";
import { fitted } from "../fitted";
import type { CompileContext, Keyword, ReportFn, SchemaNode } from "../schema-node";
import { readCount, readString, type SchemaObject } from "../schema-shape";

interface StringRule {
  readonly keyword: "minLength" | "maxLength" | "pattern" | "format";
  /** The keyword's value: the message is built from it on the error path only. */
  readonly detail: string | number;
  readonly test: (value: string) => boolean;
}

function messageOf(rule: StringRule): string {
  switch (rule.keyword) {
    case "minLength":
      return `expected at least ${rule.detail} characters`;
    case "maxLength":
      return `expected at most ${rule.detail} characters`;
    case "pattern":
      return `expected to match ${rule.detail}`;
    default:
      return `expected format ${rule.detail}`;
  }
}

/**
 * Compiles `minLength`, `maxLength`, `pattern` and (when formats are on) `format` into one
 * closure. Lengths count code points, with a fast path that only counts when the UTF-16 length
 * cannot decide. `guard` (the type's report) fuses the node's `type: "string"`:
 * the group then reports a wrong type itself.
 */
export function compileStringKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): Keyword | undefined {
  const rulesBuilt: StringRule[] = [];
  const minLength = readCount(schema, "minLength", node, context);
  if (minLength !== undefined && minLength > 0) {
    rulesBuilt.push({
      keyword: "minLength",
      detail: minLength,
      test: (value) =>
        value.length >= minLength &&
        (value.length >= minLength * 2 || codePointLength(value) >= minLength),
    });
  }
  const maxLength = readCount(schema, "maxLength", node, context);
  if (maxLength !== undefined) {
    rulesBuilt.push({
      keyword: "maxLength",
      detail: maxLength,
      test: (value) => value.length <= maxLength || codePointLength(value) <= maxLength,
    });
  }
  const pattern = readString(schema, "pattern", node, context);
  if (pattern !== undefined) {
    const matcher = context.pattern(pattern, `${node.pointer}/pattern`);
    rulesBuilt.push({
      keyword: "pattern",
      detail: pattern,
      test: (value) => matcher.test(value),
    });
  }
  const format = readString(schema, "format", node, context);
  const formatCheck =
    format !== undefined && context.formats !== undefined && Object.hasOwn(context.formats, format)
      ? forDraft(context.formats[format], node.location.draft)
      : undefined;
  if (formatCheck !== undefined) {
    rulesBuilt.push({ keyword: "format", detail: format!, test: formatCheck });
  }
  const rules = fitted(rulesBuilt);
  if (rules.length === 0 && guard === undefined) return undefined;
  const passOther = guard === undefined;
  let check: (value: unknown) => boolean;
  if (rules.length === 0) {
    check = (value) => typeof value === "string";
  } else if (rules.length === 1) {
    const only = rules[0]!.test;
    check = (value) => (typeof value === "string" ? only(value) : passOther);
  } else {
    check = (value) => {
      if (typeof value !== "string") return passOther;
      for (let index = 0; index < rules.length; index++) {
        if (!rules[index]!.test(value)) return false;
      }
      return true;
    };
  }
  return {
    check,
    // Runs each rule once (not `check` first): a format test can cost as much as the rest.
    report: (value, path, issues: SchemaIssue[], scope) => {
      if (typeof value !== "string") {
        return guard === undefined || guard(value, path, issues, scope);
      }
      let valid = true;
      for (let index = 0; index < rules.length; index++) {
        const rule = rules[index]!;
        if (rule.test(value)) continue;
        valid = false;
        issues.push({ path, keyword: rule.keyword, message: messageOf(rule) });
      }
      return valid;
    },
  };
}

/**
 * The built-in check as the node's draft reads the format: draft 7's `relative-json-pointer` has
 * no index manipulation (`"0+1"`). A caller's own check is used as given.
 */
function forDraft(check: FormatCheck | undefined, draft: string): FormatCheck | undefined {
  return draft === "7" && check === isRelativeJsonPointer ? isDraft7RelativeJsonPointer : check;
}
