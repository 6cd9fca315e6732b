import type { SchemaIssue } from "../../types";
import { createMultipleOfTest } from "../multiple-of";
import type { CompileContext, Keyword, ReportFn, SchemaNode } from "../schema-node";
import { readNumber, type SchemaObject } from "../schema-shape";

interface NumberRule {
  readonly keyword: string;
  readonly message: string;
  readonly test: (value: number) => boolean;
}

/**
 * Compiles the numeric keywords of a node into one closure. `guard` is the node's single `type`
 * (`number`/`integer`) when it has one: the type test is then fused in and `typeReport` reports a
 * wrong type; otherwise non-numbers pass.
 */
export function compileNumberKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: "number" | "integer" | undefined,
  typeReport: ReportFn | undefined,
): Keyword | undefined {
  const minimum = readNumber(schema, "minimum", node, context);
  const maximum = readNumber(schema, "maximum", node, context);
  const exclusiveMinimum = readNumber(schema, "exclusiveMinimum", node, context);
  const exclusiveMaximum = readNumber(schema, "exclusiveMaximum", node, context);
  const multipleOf = readNumber(schema, "multipleOf", node, context);
  if (multipleOf !== undefined && multipleOf <= 0) {
    return context.fail("INVALID_SCHEMA", `${node.pointer}/multipleOf`, '"multipleOf" must be > 0');
  }
  if (
    guard === undefined &&
    minimum === undefined &&
    maximum === undefined &&
    exclusiveMinimum === undefined &&
    exclusiveMaximum === undefined &&
    multipleOf === undefined
  ) {
    return undefined;
  }
  // The error path's rules and messages are built by the first invalid number: most compiled
  // schemas never see one.
  let rules: readonly NumberRule[] | undefined;
  const buildRules = (): readonly NumberRule[] => {
    const built: NumberRule[] = [];
    if (minimum !== undefined) {
      built.push({
        keyword: "minimum",
        message: `expected >= ${minimum}`,
        test: (v) => v >= minimum,
      });
    }
    if (maximum !== undefined) {
      built.push({
        keyword: "maximum",
        message: `expected <= ${maximum}`,
        test: (v) => v <= maximum,
      });
    }
    if (exclusiveMinimum !== undefined) {
      built.push({
        keyword: "exclusiveMinimum",
        message: `expected > ${exclusiveMinimum}`,
        test: (v) => v > exclusiveMinimum,
      });
    }
    if (exclusiveMaximum !== undefined) {
      built.push({
        keyword: "exclusiveMaximum",
        message: `expected < ${exclusiveMaximum}`,
        test: (v) => v < exclusiveMaximum,
      });
    }
    if (multiple !== undefined) {
      built.push({
        keyword: "multipleOf",
        message: `expected a multiple of ${multipleOf}`,
        test: multiple,
      });
    }
    return built;
  };
  const low = Math.max(minimum ?? -Infinity, exclusiveMinimum ?? -Infinity);
  const lowInclusive =
    exclusiveMinimum === undefined || (minimum !== undefined && minimum > exclusiveMinimum);
  const high = Math.min(maximum ?? Infinity, exclusiveMaximum ?? Infinity);
  const highInclusive =
    exclusiveMaximum === undefined || (maximum !== undefined && maximum < exclusiveMaximum);
  const multiple = multipleOf === undefined ? undefined : createMultipleOfTest(multipleOf);
  const isNumber =
    guard === "integer"
      ? (value: unknown): value is number => Number.isInteger(value)
      : (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  const passOther = guard === undefined;
  const check = (value: unknown): boolean => {
    if (typeof value !== "number") return passOther;
    if (!passOther && !isNumber(value)) return false;
    if (lowInclusive ? value < low : value <= low) return false;
    if (highInclusive ? value > high : value >= high) return false;
    return multiple === undefined || multiple(value);
  };
  return {
    check,
    report: (value, path, issues: SchemaIssue[], scope) => {
      if (check(value)) return true;
      if (typeof value !== "number" || !isNumber(value)) {
        return typeReport === undefined ? false : typeReport(value, path, issues, scope);
      }
      rules ??= buildRules();
      for (const rule of rules) {
        if (!rule.test(value)) issues.push({ path, keyword: rule.keyword, message: rule.message });
      }
      return false;
    },
  };
}
