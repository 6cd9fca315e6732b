/**
 * Picks the errors to show when no branch of `anyOf` / `oneOf` matches. Dumping every branch's
 * errors buries the one fix the model needs, so:
 * - a tagged union (every branch has a property whose `const` — or one-value `enum` — differs
 *   per branch) picks the branch by the value's tag; an unknown tag is one `enum` issue at the
 *   tag's path listing the tags;
 * - otherwise, among the branches whose `type` accepts the value, the one whose `properties`
 *   declare the most of an object's own keys wins, then the one with the fewest failing keywords
 *   (ties: the first); when no branch's `type` fits, one combined type issue.
 */

import { toPointerSegment } from "../../coerce/to-pointer-segment";
import type { SchemaIssue } from "../../types";
import { jsonEqual } from "../json-equal";
import { forEachObjectChild } from "../object";
import type { SchemaNode, Scope } from "../schema-node";
import { isPlainObject, valueKind } from "../value-kind";

/** The discriminating property of a tagged union and each branch's tag value. */
export interface UnionTag {
  readonly key: string;
  readonly values: readonly unknown[];
}

/** Finds the tag of a union, or `undefined` when its branches are not tagged. */
export function findUnionTag(branches: readonly SchemaNode[]): UnionTag | undefined {
  const shapes = branches.map((branch) => branch.objectShape);
  const first = shapes[0];
  if (first === undefined || branches.length < 2) return undefined;
  for (const key of first.propertyKeys) {
    const values: unknown[] = [];
    for (const shape of shapes) {
      const index = shape === undefined ? -1 : shape.propertyKeys.indexOf(key);
      const tag = index === -1 ? undefined : tagValueOf(shape!.propertyNodes[index]!.schema);
      if (tag === undefined) break;
      if (values.some((seen) => jsonEqual(seen, tag.value))) break;
      values.push(tag.value);
    }
    if (values.length === branches.length) return { key, values };
  }
  return undefined;
}

function tagValueOf(schema: unknown): { value: unknown } | undefined {
  if (!isPlainObject(schema)) return undefined;
  if (Object.hasOwn(schema, "const")) return { value: schema.const };
  const members = schema.enum;
  if (Array.isArray(members) && members.length === 1) return { value: members[0] };
  return undefined;
}

/** The index of the branch whose tag `value` carries, or -1 (untagged union, no or unknown tag). */
export function findTaggedBranch(tag: UnionTag | undefined, value: unknown): number {
  if (tag === undefined || !isPlainObject(value) || !Object.hasOwn(value, tag.key)) return -1;
  const tagValue = value[tag.key];
  for (let index = 0; index < tag.values.length; index++) {
    if (jsonEqual(tag.values[index], tagValue)) return index;
  }
  return -1;
}

/** Reports the issues of the branch that best explains `value`. */
export function reportBestBranch(
  branches: readonly SchemaNode[],
  tag: UnionTag | undefined,
  value: unknown,
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
): void {
  if (tag !== undefined && isPlainObject(value) && Object.hasOwn(value, tag.key)) {
    const tagValue = value[tag.key];
    const index = tag.values.findIndex((candidate) => jsonEqual(candidate, tagValue));
    if (index === -1) {
      issues.push({
        path: `${path}${toPointerSegment(tag.key)}`,
        keyword: "enum",
        message: `expected one of ${JSON.stringify(tag.values)}`,
      });
    } else {
      branches[index]!.report(value, path, issues, scope);
    }
    return;
  }
  // Branches whose `type` rejects the value explain it worst; when every branch does, one
  // combined type issue says what would be accepted.
  const typed = branches.filter(
    (branch) => branch.typeCheck === undefined || branch.typeCheck(value, scope),
  );
  if (typed.length === 0) {
    const names = [...new Set(branches.flatMap((branch) => branch.types ?? []))];
    issues.push({
      path,
      keyword: "type",
      message: `expected ${names.join(" or ")}, got ${valueKind(value)}`,
    });
    return;
  }
  // SPEC §1.3: for an object, the branch whose `properties` declare the most of its own keys;
  // ties (and non-objects) go to the fewest failing keywords at the branch's top level (each
  // missing required name counting as one), then to the first branch. Scoring the top level only keeps this linear: reporting every branch in
  // full would be exponential in the nesting depth of unions.
  let best = typed[0]!;
  let bestDeclared = -1;
  let bestScore = Infinity;
  for (const branch of typed) {
    const declared = countDeclaredKeys(branch, value);
    if (declared < bestDeclared) continue;
    // An object's keywords are checked as one group, so a missing required name counts on its
    // own too: the branch missing fewer of its names explains the object better.
    let score = countMissingRequired(branch, value);
    for (const keyword of branch.keywords) {
      if (!keyword.check(value, scope)) score++;
    }
    if (declared > bestDeclared || score < bestScore) {
      best = branch;
      bestDeclared = declared;
      bestScore = score;
    }
  }
  best.report(value, path, issues, scope);
}

/** How many of `value`'s own keys the branch's own `properties` declare (0 for a non-object). */
function countDeclaredKeys(branch: SchemaNode, value: unknown): number {
  const shape = branch.objectShape;
  if (shape === undefined || shape.propertyKeys.length === 0 || !isPlainObject(value)) return 0;
  const counter = { count: 0 };
  forEachObjectChild(shape, value, counter, countDeclaredKey);
  return counter.count;
}

function countDeclaredKey(
  counter: { count: number },
  _key: string,
  _value: unknown,
  index: number,
) {
  if (index !== -1) counter.count++;
}

/** How many names of the branch's own `required` an object lacks (0 for a non-object). */
function countMissingRequired(branch: SchemaNode, value: unknown): number {
  const shape = branch.objectShape;
  if (shape === undefined || !isPlainObject(value)) return 0;
  let count = 0;
  for (const name of shape.required) if (!Object.hasOwn(value, name)) count++;
  return count;
}
