import type { JsonSchema } from "../types";
import type { CheckFn, Location, ReportFn, SchemaNode } from "./schema-node";

/** The check of a schema that accepts everything (`true`, `{}`, a node with no keywords). */
export const validCheck: CheckFn = () => true;
/** The report of a schema that accepts everything. */
export const validReport: ReportFn = () => true;
const invalidCheck: CheckFn = () => false;
const invalidReport: ReportFn = (_value, path, issues) => {
  issues.push({ path, keyword: "false", message: "no value is allowed here" });
  return false;
};

/**
 * A node not compiled yet: it rejects everything until its compiler sets its fields. The one
 * object literal every node is made from, so that every node has the same hidden class and the
 * functions reading nodes stay monomorphic on them.
 */
export function createNode(schema: JsonSchema, location: Location, pointer: string): SchemaNode {
  return {
    schema,
    location,
    pointer,
    check: invalidCheck,
    report: invalidReport,
    collect: undefined,
    keywords: [],
    compiled: false,
    scoped: false,
    types: undefined,
    typeCheck: undefined,
    objectShape: undefined,
    arrayShape: undefined,
    refTarget: undefined,
    allOfMembers: undefined,
    unionBranches: undefined,
    coercion: undefined,
  };
}
