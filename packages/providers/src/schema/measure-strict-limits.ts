// OpenAI's documented strict-mode limits, measured on the emitted schema (SPEC §8.3).
import type { SchemaProblem } from "../compiled-tool";
import { createRefCycles } from "./ref-cycles";
import { isSchemaObject, readTypes, resolveLocalRef } from "./schema-node";

const maxProperties = 5000;
const maxNesting = 10;
const maxStringLength = 120_000;
const maxEnumValues = 1000;
const largeEnumSize = 250;
const maxLargeEnumChars = 15_000;

/** One `limit:<name>` problem per exceeded limit (pointer `""`: limits are whole-schema). */
export function measureStrictLimits(schema: unknown): SchemaProblem[] {
  let properties = 0;
  let strings = 0;
  let enumValues = 0;
  let largeEnumTooLong = false;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const entry of node) stack.push(entry);
      continue;
    }
    if (!isSchemaObject(node)) continue;
    for (const key in node) {
      const value = node[key];
      if (
        (key === "properties" || key === "$defs" || key === "definitions") &&
        isSchemaObject(value)
      ) {
        for (const name in value) {
          if (key === "properties") properties++;
          strings += name.length;
          stack.push(value[name]);
        }
      } else if (key === "enum" && Array.isArray(value)) {
        enumValues += value.length;
        let chars = 0;
        let allStrings = true;
        for (const entry of value) {
          chars += String(entry).length;
          allStrings &&= typeof entry === "string";
        }
        strings += chars;
        if (value.length > largeEnumSize && allStrings)
          largeEnumTooLong ||= chars > maxLargeEnumChars;
      } else if (key === "const") {
        strings += String(value).length;
      } else if (key === "items" || key === "anyOf") {
        stack.push(value);
      }
    }
  }
  const problems: SchemaProblem[] = [];
  const exceed = (name: string): void => {
    problems.push({ pointer: "", keyword: name, reason: `limit:${name}` });
  };
  if (properties > maxProperties) exceed("properties");
  if (measureNesting(schema) > maxNesting) exceed("nesting");
  if (strings > maxStringLength) exceed("strings");
  if (enumValues > maxEnumValues) exceed("enum-values");
  if (largeEnumTooLong) exceed("enum-chars");
  return problems;
}

/** Object nodes along the deepest path (root = 1), following non-recursive `$ref` targets. */
function measureNesting(root: unknown): number {
  const cycles = createRefCycles(root);
  const memo = new Map<unknown, number>();
  const depth = (node: unknown): number => {
    if (!isSchemaObject(node)) return 0;
    const known = memo.get(node);
    if (known !== undefined) return known;
    memo.set(node, 0);
    let below = 0;
    const visitChild = (child: unknown): void => {
      below = Math.max(below, depth(child));
    };
    if (isSchemaObject(node.properties)) Object.values(node.properties).forEach(visitChild);
    if (node.items !== undefined) visitChild(node.items);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach(visitChild);
    if (typeof node.$ref === "string" && !cycles.isRecursive(node.$ref)) {
      visitChild(resolveLocalRef(root, node.$ref)?.node);
    }
    const own = readTypes(node).includes("object") ? 1 : 0;
    memo.set(node, own + below);
    return own + below;
  };
  return depth(root);
}
