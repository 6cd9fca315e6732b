import { toPointerSegment } from "../../coerce/to-pointer-segment";
import type { SchemaIssue } from "../../types";
import { isLeafValid, LEAF_NONE } from "../leaf-check";
import type { SchemaNode, Scope } from "../schema-node";
import { foldExtraChildren, forEachObjectChild } from "./for-each-object-child";
import { type ObjectShape, propertySegmentsOf, requiredSegmentsOf } from "./object-shape";

const hasOwn = Object.hasOwn;
const noIssues: readonly SchemaIssue[] = [];

/** What one {@link reportObject} walk gathers before it writes the issues out in order. */
interface ObjectReport {
  readonly shape: ObjectShape;
  readonly path: string;
  readonly scope: Scope;
  count: number;
  requiredSeen: number;
  /** Declared properties that are not passing leaves, to report in schema order. */
  declaredIndexes: number[] | undefined;
  declaredValues: unknown[] | undefined;
  outOfOrder: boolean;
  /** Issues of `propertyNames`, patterns and `additionalProperties`, in the value's key order. */
  extraIssues: SchemaIssue[] | undefined;
  extrasValid: boolean;
}

/**
 * The error path of an object node: pushes one issue per failing place under `path` and returns
 * validity. Judges exactly what `checkObject` judges without running it first: a leaf property is
 * tested in place and reported only when it fails, any other declared property is reported
 * straight away (its report's verdict stands in for a check that would walk it twice). Issues
 * come in a fixed order: missing `required` names, declared properties in schema order, then per
 * key `propertyNames`, patterns and `additionalProperties`, then counts and dependencies.
 */
export function reportObject(
  shape: ObjectShape,
  value: unknown,
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return shape.guard === undefined || shape.guard(value, path, issues, scope);
  }
  const object = value as Record<string, unknown>;
  const report: ObjectReport = {
    shape,
    path,
    scope,
    count: 0,
    requiredSeen: 0,
    declaredIndexes: undefined,
    declaredValues: undefined,
    outOfOrder: false,
    extraIssues: undefined,
    extrasValid: true,
  };
  forEachObjectChild(shape, object, report, noteReportedKey);
  let valid = report.extrasValid;
  if (report.requiredSeen < shape.requiredInProperties || shape.requiredElsewhere.length > 0) {
    const required = shape.required;
    for (let index = 0; index < required.length; index++) {
      if (hasOwn(object, required[index]!)) continue;
      valid = false;
      const segment = requiredSegmentsOf(shape)[index];
      issues.push({ path: path + segment, keyword: "required", message: "missing" });
    }
  }
  if (!reportDeclared(report, object, issues)) valid = false;
  for (const issue of report.extraIssues ?? noIssues) issues.push(issue);
  if (report.count < shape.minProperties) {
    valid = false;
    const message = `expected at least ${shape.minProperties} properties`;
    issues.push({ path, keyword: "minProperties", message });
  }
  if (report.count > shape.maxProperties) {
    valid = false;
    const message = `expected at most ${shape.maxProperties} properties`;
    issues.push({ path, keyword: "maxProperties", message });
  }
  if (shape.dependencies.length === 0) return valid;
  return reportDependencies(shape, object, path, issues, scope) && valid;
}

/** The object walk visitor of {@link reportObject}. */
function noteReportedKey(report: ObjectReport, key: string, value: unknown, index: number): void {
  const shape = report.shape;
  report.count++;
  if (index !== -1) {
    if (shape.isRequired[index]) report.requiredSeen++;
    const code = shape.leafCodes[index]!;
    const passes =
      code !== LEAF_NONE &&
      isLeafValid(code, value, shape.leafLows[index]!, shape.leafHighs[index]!);
    if (!passes) {
      if (report.declaredIndexes === undefined || report.declaredValues === undefined) {
        report.declaredIndexes = [index];
        report.declaredValues = [value];
      } else {
        if (index < report.declaredIndexes[report.declaredIndexes.length - 1]!) {
          report.outOfOrder = true;
        }
        report.declaredIndexes.push(index);
        report.declaredValues.push(value);
      }
    }
  }
  const names = shape.propertyNames;
  if (names !== undefined && !names.check(key, report.scope)) {
    report.extrasValid = false;
    report.extraIssues ??= [];
    names.report(key, childPath(report.path, key), report.extraIssues, report.scope);
  }
  if (!shape.hasExtraRules) return;
  foldExtraChildren(shape, key, index !== -1, value, report, reportExtraChild);
}

function reportExtraChild(
  report: ObjectReport,
  node: SchemaNode,
  value: unknown,
  key: string,
  additional: boolean,
): unknown {
  const path = childPath(report.path, key);
  if (additional && report.shape.additionalFalse) {
    report.extrasValid = false;
    report.extraIssues ??= [];
    report.extraIssues.push({ path, keyword: "additionalProperties", message: "unknown field" });
  } else if (!node.check(value, report.scope)) {
    report.extrasValid = false;
    report.extraIssues ??= [];
    node.report(value, path, report.extraIssues, report.scope);
  }
  return value;
}

/** Reports the declared properties the walk noted, in schema order; returns their validity. */
function reportDeclared(
  report: ObjectReport,
  object: Record<string, unknown>,
  issues: SchemaIssue[],
): boolean {
  const indexes = report.declaredIndexes;
  let values = report.declaredValues;
  if (indexes === undefined || values === undefined) return true;
  const shape = report.shape;
  if (report.outOfOrder) {
    indexes.sort(compareNumbers);
    values = indexes.map((index) => object[shape.propertyKeys[index]!]);
  }
  const segments = propertySegmentsOf(shape);
  let valid = true;
  for (let position = 0; position < indexes.length; position++) {
    const index = indexes[position]!;
    const node = shape.propertyNodes[index]!;
    if (!node.report(values[position], report.path + segments[index], issues, report.scope)) {
      valid = false;
    }
  }
  return valid;
}

function reportDependencies(
  shape: ObjectShape,
  object: Record<string, unknown>,
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
): boolean {
  let valid = true;
  for (const dependency of shape.dependencies) {
    if (!hasOwn(object, dependency.key)) continue;
    for (const name of dependency.required ?? []) {
      if (hasOwn(object, name)) continue;
      valid = false;
      issues.push({ path: childPath(path, name), keyword: dependency.keyword, message: "missing" });
    }
    if (dependency.node !== undefined && !dependency.node.report(object, path, issues, scope)) {
      valid = false;
    }
  }
  return valid;
}

function compareNumbers(left: number, right: number): number {
  return left - right;
}

function childPath(path: string, key: string): string {
  return `${path}${toPointerSegment(key)}`;
}
