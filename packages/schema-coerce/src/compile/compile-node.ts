/**
 * Compiles one schema object into its `check` / `report` closures. Keywords that apply to one
 * JSON type are grouped into one closure per type; when the node names a single `type`, that
 * group also carries the type test, so `{ type: "object", properties, required }` is one closure.
 */

import type { SchemaIssue } from "../types";
import { createNode, validCheck, validReport } from "./create-node";
import { fitted } from "./fitted";
import { compileAllOf, compileConditional, compileNot, compileUnion } from "./keywords/applicators";
import { compileArrayKeywords } from "./keywords/array";
import { enterScope } from "./keywords/collector-of";
import { compileConst, compileEnum } from "./keywords/const-enum";
import { compileNumberKeywords } from "./keywords/number";
import { compileObjectKeywords } from "./keywords/object";
import { compileDynamicRef, compileRef } from "./keywords/reference";
import { compileStringKeywords } from "./keywords/string";
import { compileType, sharedTypeKeyword, typeCacheKey } from "./keywords/type";
import { compileUnevaluatedItems, compileUnevaluatedProperties } from "./keywords/unevaluated";
import { annotationKeywords } from "./leaf-check";
import type { CheckFn, CompileContext, Keyword, ReportFn, SchemaNode, Scope } from "./schema-node";
import type { SchemaObject } from "./schema-shape";
import { sharedLocation } from "./shared-location";

const typeOnlyNodes = new Map<string, SchemaNode>();
/** Type lists are few in practice; the bound only keeps a hostile stream of schemas in check. */
const TYPE_ONLY_NODES_LIMIT = 64;

/**
 * The node shared by every schema object that is only a `type` (or nothing) plus annotations such
 * as `description`: most property schemas of a tool are. Such a node validates the same wherever
 * it sits, so one compiled node per type list serves every graph and costs nothing per schema.
 * `undefined` for any other schema (and for a malformed `type`, which the general path reports).
 */
export function typeOnlyNode(schema: SchemaObject): SchemaNode | undefined {
  for (const key in schema) {
    if (!annotationKeywords.has(key)) return undefined;
  }
  const type = schema.type;
  const cacheKey = type === undefined ? "" : typeCacheKey(type);
  if (cacheKey === undefined) return undefined;
  const cached = typeOnlyNodes.get(cacheKey);
  if (cached !== undefined) return cached;
  const keyword = type === undefined ? undefined : sharedTypeKeyword(type);
  // A canonical schema: readers of a leaf's schema (leaf codes) see only what validates.
  const canonical = Object.freeze(
    type === undefined ? {} : { type: typeof type === "string" ? type : keyword!.types },
  );
  const node = createNode(canonical, sharedLocation, "#");
  node.compiled = true;
  if (keyword !== undefined) {
    node.check = keyword.check;
    node.report = keyword.report;
    // The collecting form and union scoring read `keywords`: the type is the only one.
    node.keywords = [{ check: keyword.check, report: keyword.report }];
    node.types = keyword.types;
    node.typeCheck = keyword.check;
  } else {
    node.check = validCheck;
    node.report = validReport;
  }
  if (typeOnlyNodes.size < TYPE_ONLY_NODES_LIMIT) typeOnlyNodes.set(cacheKey, node);
  return node;
}

// Keyword families, so that a node's keys are read once and only the compilers of the keywords it
// has run: reading a dozen absent keywords from every schema object (each of its own shape) was
// most of compile time.
const OBJECT = 1;
const ARRAY = 2;
const STRING = 4;
const NUMBER = 8;
/** const, enum, references and the in-place applicators. */
const IN_PLACE = 16;
const UNEVALUATED = 32;
/** Keywords that the document's index answers for (see `compileRoot`). */
const INDEXED = 64;

/** Each keyword family's keywords, one space-separated list per family. */
const familyKeywords: readonly (readonly [family: number, keywords: string])[] = [
  [
    OBJECT,
    "required properties patternProperties additionalProperties propertyNames minProperties " +
      "maxProperties dependentRequired dependentSchemas dependencies",
  ],
  [
    ARRAY,
    "items prefixItems additionalItems contains minContains maxContains minItems maxItems uniqueItems",
  ],
  [STRING, "minLength maxLength pattern format"],
  [NUMBER, "minimum maximum exclusiveMinimum exclusiveMaximum multipleOf"],
  [IN_PLACE, "const enum $ref $dynamicRef allOf anyOf oneOf not if then else"],
  [UNEVALUATED, "unevaluatedProperties unevaluatedItems"],
  [INDEXED, "$id $anchor $dynamicAnchor $dynamicRef"],
];

const familyOfKeyword = new Map<string, number>();
for (const [family, keywords] of familyKeywords) {
  for (const keyword of keywords.split(" ")) {
    familyOfKeyword.set(keyword, (familyOfKeyword.get(keyword) ?? 0) | family);
  }
}

/** The families of the keywords `schema` has (inherited enumerable keys too, as reads see them). */
function presentFamilies(schema: SchemaObject): number {
  let present = 0;
  for (const key in schema) present |= familyOfKeyword.get(key) ?? 0;
  return present;
}

/** The single types whose keyword group carries the type test itself. */
const fusableTypes = new Set(["object", "array", "string", "number", "integer"]);

function push(keywords: Keyword[], keyword: Keyword | undefined): void {
  if (keyword !== undefined) keywords.push(keyword);
}

/** Fills in `node.check`, `node.report` and `node.keywords`. */
export function compileNode(node: SchemaNode, context: CompileContext): void {
  const schema = node.schema as SchemaObject;
  const keywords: Keyword[] = [];
  let typeKeyword: Keyword | undefined;
  // The type test when no keyword group fuses it in (it then runs before the groups).
  let separateTypeCheck: CheckFn | undefined;
  if (node.location.draft === "7" && schema.$ref !== undefined) {
    // Draft 7: `$ref` overrides every sibling keyword.
    push(keywords, compileRef(schema, node, context));
  } else {
    const type = compileType(schema, node, context);
    typeKeyword = type;
    node.types = type?.types;
    node.typeCheck = type?.check;
    const single = type !== undefined && type.types.length === 1 ? type.types[0] : undefined;
    const present = presentFamilies(schema);
    if (present & INDEXED) context.requireIndex();
    const numeric = single === "number" || single === "integer" ? single : undefined;
    // A group that fuses the type test also reports a wrong type, with the type's own report.
    const guard = type?.report;
    // A group is compiled when one of its keywords is present, or to carry the fused type test.
    if (present & OBJECT || single === "object") {
      const objectGuard = single === "object" ? guard : undefined;
      push(keywords, compileObjectKeywords(schema, node, context, objectGuard));
    }
    if (present & ARRAY || single === "array") {
      const arrayGuard = single === "array" ? guard : undefined;
      push(keywords, compileArrayKeywords(schema, node, context, arrayGuard));
    }
    if (present & STRING || single === "string") {
      const stringGuard = single === "string" ? guard : undefined;
      push(keywords, compileStringKeywords(schema, node, context, stringGuard));
    }
    if (present & NUMBER || numeric !== undefined) {
      push(
        keywords,
        compileNumberKeywords(schema, node, context, numeric, numeric && type?.report),
      );
    }
    // A group built with the type guard fused in replaces the separate type test.
    if (type !== undefined && (single === undefined || !fusableTypes.has(single))) {
      separateTypeCheck = type.check;
    }
    if (present & IN_PLACE) {
      push(keywords, compileConst(schema));
      push(keywords, compileEnum(schema, node, context));
      push(keywords, compileRef(schema, node, context));
      push(keywords, compileDynamicRef(schema, node, context));
      push(keywords, compileAllOf(schema, node, context));
      push(keywords, compileUnion(schema, node, context, "anyOf"));
      push(keywords, compileUnion(schema, node, context, "oneOf"));
      push(keywords, compileNot(schema, node, context));
      push(keywords, compileConditional(schema, node, context));
    }
    if (present & UNEVALUATED) {
      const siblings = keywords.slice();
      push(keywords, compileUnevaluatedProperties(schema, node, context, siblings));
      push(keywords, compileUnevaluatedItems(schema, node, context, siblings));
    }
  }
  let check: CheckFn;
  if (separateTypeCheck === undefined && keywords.length <= 1) {
    // The common node: one keyword group (or none), no array to combine.
    check = keywords.length === 0 ? validCheck : keywords[0]!.check;
  } else {
    const checks: CheckFn[] = separateTypeCheck === undefined ? [] : [separateTypeCheck];
    for (const keyword of keywords) checks.push(keyword.check);
    check = combineChecks(checks);
  }
  let report = combineReports(typeKeyword, keywords, separateTypeCheck === undefined);
  if (node.scoped) {
    const resource = node.location.resource;
    const innerCheck = check;
    const innerReport = report;
    check = (value, scope) => innerCheck(value, enterScope(scope, resource));
    report = (value, path, issues, scope) =>
      innerReport(value, path, issues, enterScope(scope, resource));
  }
  node.keywords = fitted(keywords);
  node.check = check;
  node.report = report;
  node.compiled = true;
}

function combineChecks(checks: readonly CheckFn[]): CheckFn {
  if (checks.length === 0) return validCheck;
  if (checks.length === 1) return checks[0]!;
  if (checks.length === 2) {
    const [first, second] = checks as [CheckFn, CheckFn];
    return (value, scope) => first(value, scope) && second(value, scope);
  }
  if (checks.length === 3) {
    const [first, second, third] = checks as [CheckFn, CheckFn, CheckFn];
    return (value, scope) => first(value, scope) && second(value, scope) && third(value, scope);
  }
  const all = fitted(checks);
  return (value, scope) => {
    for (let index = 0; index < all.length; index++) {
      if (!all[index]!(value, scope)) return false;
    }
    return true;
  };
}

function combineReports(
  type: Keyword | undefined,
  keywords: readonly Keyword[],
  fused: boolean,
): ReportFn {
  // A wrong type makes every other complaint noise: report only that. The common shapes (a type
  // alone, a type and one keyword group) get their own closure instead of a loop.
  if (keywords.length === 0) return type === undefined ? validReport : type.report;
  if (keywords.length === 1) {
    const only = keywords[0]!.report;
    // With the type fused in, the only keyword is that group: it reports a wrong type itself.
    if (type === undefined || fused) return only;
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
