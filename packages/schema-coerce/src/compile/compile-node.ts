/**
 * Compiles one schema object into its `check` / `report` closures. Keywords that apply to one
 * JSON type are grouped into one closure per type; when the node names a single `type`, that
 * group also carries the type test, so `{ type: "object", properties, required }` is one closure.
 */
import type { SchemaIssue } from "../types";
import { compileAllOf, compileConditional, compileNot, compileUnion } from "./keywords/applicators";
import { compileArrayKeywords } from "./keywords/array";
import { enterScope } from "./keywords/collector-of";
import { compileConst, compileEnum } from "./keywords/const-enum";
import { compileNumberKeywords } from "./keywords/number";
import { compileObjectKeywords } from "./keywords/object";
import { compileDynamicRef, compileRef } from "./keywords/reference";
import { compileStringKeywords } from "./keywords/string";
import { compileType, typeCacheKey } from "./keywords/type";
import { compileUnevaluatedItems, compileUnevaluatedProperties } from "./keywords/unevaluated";
import type { CheckFn, CompileContext, Keyword, ReportFn, SchemaNode, Scope } from "./schema-node";
import type { SchemaObject } from "./schema-shape";

const alwaysValid: CheckFn = () => true;
const alwaysValidReport: ReportFn = () => true;

/**
 * The compiled form of a node that is only a `type` (plus annotations such as `description`):
 * most property schemas of a tool are. One form per type list is shared by every node of every
 * graph, so such a node costs no closures of its own.
 */
interface TypeOnlyForm {
  readonly types: readonly string[] | undefined;
  readonly typeCheck: CheckFn | undefined;
  readonly keywords: readonly Keyword[];
  readonly check: CheckFn;
  readonly report: ReportFn;
}

/** Keywords that never change what a node accepts (a node with `$id` or `$anchor` is not one). */
const annotationKeywords = new Set([
  "type",
  "title",
  "description",
  "default",
  "examples",
  "$comment",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

const typeOnlyForms = new Map<string, TypeOnlyForm>();
/** Type lists are few in practice; the bound only keeps a hostile stream of schemas in check. */
const TYPE_ONLY_FORMS_LIMIT = 64;

function isTypeOnly(schema: SchemaObject): boolean {
  for (const key in schema) {
    if (Object.hasOwn(schema, key) && !annotationKeywords.has(key)) return false;
  }
  return true;
}

/** The shared form of a type-only node, or `undefined` to compile it the general way. */
function typeOnlyForm(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): TypeOnlyForm | undefined {
  if (node.scoped || !isTypeOnly(schema)) return undefined;
  const cacheKey = schema.type === undefined ? "" : typeCacheKey(schema.type);
  if (cacheKey === undefined) return undefined;
  const cached = typeOnlyForms.get(cacheKey);
  if (cached !== undefined) return cached;
  // Compiling reports a malformed `type` with this node's place, as the general path does.
  const keyword = compileType(schema, node, context);
  const form: TypeOnlyForm =
    keyword === undefined
      ? {
          types: undefined,
          typeCheck: undefined,
          keywords: [],
          check: alwaysValid,
          report: alwaysValidReport,
        }
      : {
          types: keyword.types,
          typeCheck: keyword.check,
          // The collecting form and union scoring read `keywords`: the type is the only one.
          keywords: [{ check: keyword.check, report: keyword.report }],
          check: keyword.check,
          report: keyword.report,
        };
  if (typeOnlyForms.size < TYPE_ONLY_FORMS_LIMIT) typeOnlyForms.set(cacheKey, form);
  return form;
}

/** Fills in `node.check`, `node.report` and `node.keywords`. */
export function compileNode(node: SchemaNode, context: CompileContext): void {
  const schema = node.schema as SchemaObject;
  const shared = typeOnlyForm(schema, node, context);
  if (shared !== undefined) {
    node.types = shared.types;
    node.typeCheck = shared.typeCheck;
    node.keywords = shared.keywords;
    node.check = shared.check;
    node.report = shared.report;
    node.compiled = true;
    return;
  }
  const keywords: Keyword[] = [];
  const checks: CheckFn[] = [];
  const add = (keyword: Keyword | undefined): void => {
    if (keyword === undefined) return;
    keywords.push(keyword);
    checks.push(keyword.check);
  };
  let typeKeyword: Keyword | undefined;
  if (node.location.draft === "7" && schema.$ref !== undefined) {
    // Draft 7: `$ref` overrides every sibling keyword.
    add(compileRef(schema, node, context));
  } else {
    const type = compileType(schema, node, context);
    typeKeyword = type;
    node.types = type?.types;
    node.typeCheck = type?.check;
    const single = type !== undefined && type.types.length === 1 ? type.types[0] : undefined;
    const groups: (Keyword | undefined)[] = [
      compileObjectKeywords(schema, node, context, single === "object"),
      compileArrayKeywords(schema, node, context, single === "array"),
      compileStringKeywords(schema, node, context, single === "string"),
      compileNumberKeywords(
        schema,
        node,
        context,
        single === "number" || single === "integer" ? single : undefined,
      ),
    ];
    // A group built with the type guard fused in replaces the separate type test.
    const fused =
      single !== undefined && ["object", "array", "string", "number", "integer"].includes(single);
    if (type !== undefined && !fused) checks.push(type.check);
    for (const group of groups) add(group);
    add(compileConst(schema));
    add(compileEnum(schema, node, context));
    add(compileRef(schema, node, context));
    add(compileDynamicRef(schema, node, context));
    add(compileAllOf(schema, node, context));
    add(compileUnion(schema, node, context, "anyOf"));
    add(compileUnion(schema, node, context, "oneOf"));
    add(compileNot(schema, node, context));
    add(compileConditional(schema, node, context));
    const siblings = keywords.slice();
    add(compileUnevaluatedProperties(schema, node, context, siblings));
    add(compileUnevaluatedItems(schema, node, context, siblings));
  }
  let check = combineChecks(checks);
  let report = combineReports(typeKeyword, keywords);
  if (node.scoped) {
    const resource = node.location.resource;
    const innerCheck = check;
    const innerReport = report;
    check = (value, scope) => innerCheck(value, enterScope(scope, resource));
    report = (value, path, issues, scope) =>
      innerReport(value, path, issues, enterScope(scope, resource));
  }
  node.keywords = keywords;
  node.check = check;
  node.report = report;
  node.compiled = true;
}

function combineChecks(checks: readonly CheckFn[]): CheckFn {
  if (checks.length === 0) return alwaysValid;
  if (checks.length === 1) return checks[0]!;
  if (checks.length === 2) {
    const [first, second] = checks as [CheckFn, CheckFn];
    return (value, scope) => first(value, scope) && second(value, scope);
  }
  if (checks.length === 3) {
    const [first, second, third] = checks as [CheckFn, CheckFn, CheckFn];
    return (value, scope) => first(value, scope) && second(value, scope) && third(value, scope);
  }
  return (value, scope) => {
    for (let index = 0; index < checks.length; index++) {
      if (!checks[index]!(value, scope)) return false;
    }
    return true;
  };
}

function combineReports(type: Keyword | undefined, keywords: readonly Keyword[]): ReportFn {
  // A wrong type makes every other complaint noise: report only that. The common shapes (a type
  // alone, a type and one keyword group) get their own closure instead of a loop.
  if (keywords.length === 0) return type === undefined ? alwaysValidReport : type.report;
  if (keywords.length === 1) {
    const only = keywords[0]!.report;
    if (type === undefined) return only;
    const typeCheck = type.check;
    const typeReport = type.report;
    return (value, path, issues, scope) =>
      typeCheck(value, scope)
        ? only(value, path, issues, scope)
        : typeReport(value, path, issues, scope);
  }
  return (value: unknown, path: string, issues: SchemaIssue[], scope: Scope) => {
    if (type !== undefined && !type.check(value, scope)) {
      type.report(value, path, issues, scope);
      return false;
    }
    let valid = true;
    for (let index = 0; index < keywords.length; index++) {
      if (!keywords[index]!.report(value, path, issues, scope)) valid = false;
    }
    return valid;
  };
}
