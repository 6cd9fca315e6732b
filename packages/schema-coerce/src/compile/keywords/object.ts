import type { PatternMatcher, SchemaIssue } from "../../types";
import { findKey } from "../find-key";
import { fitted } from "../fitted";
import { isLeafValid, LEAF_NONE, leafCodeOf, leafHighOf, leafLowOf } from "../leaf-check";
import { enumeratesOwnKeysOnly } from "../own-keys";
import type {
  CheckFn,
  CollectFn,
  CompileContext,
  Keyword,
  ReportFn,
  SchemaNode,
  Scope,
} from "../schema-node";
import {
  failKeyword,
  readCount,
  readSchemaMap,
  readStringArray,
  type SchemaObject,
} from "../schema-shape";
import { escapePointerSegment } from "../uri";
import { collectorOf } from "./collector-of";

const hasOwn = Object.hasOwn;
// `hasOwnProperty.call` inside for-in is a pattern V8 optimises; `Object.hasOwn` is not.
const ownProperty = Object.prototype.hasOwnProperty;

interface Dependency {
  readonly key: string;
  readonly keyword: string;
  readonly required: readonly string[] | undefined;
  readonly node: SchemaNode | undefined;
}

/**
 * Compiles the object keywords of a node into one closure that loops over precomputed arrays:
 * `required`, `properties`, `patternProperties`, `additionalProperties`, `propertyNames`,
 * `minProperties`/`maxProperties`, `dependentRequired`/`dependentSchemas` (2020-12) and
 * `dependencies` (draft 7). Keys are own-property checks, so `__proto__` is plain data.
 */
export function compileObjectKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): Keyword | undefined {
  const pointer = node.pointer;
  const location = node.location;
  const draft7 = location.draft === "7";
  const required = readStringArray(schema, "required", node, context) ?? [];
  const propertyMap = readSchemaMap(schema, "properties", node, context);
  // Plain loops, not `.map(() => context...)`: a closure naming `context` would make every
  // runtime closure of this scope keep the whole compiler alive.
  const propertyKeys = propertyMap === undefined ? [] : Object.keys(propertyMap);
  const propertyNodesBuilt: SchemaNode[] = [];
  for (const key of propertyKeys) {
    const path = `${pointer}/properties/${escapePointerSegment(key)}`;
    propertyNodesBuilt.push(context.child(propertyMap![key], location, path));
  }
  const propertyNodes = fitted(propertyNodesBuilt);
  const patternMap = readSchemaMap(schema, "patternProperties", node, context);
  const patternSources = patternMap === undefined ? [] : Object.keys(patternMap);
  const patternMatchersBuilt: PatternMatcher[] = [];
  const patternNodesBuilt: SchemaNode[] = [];
  for (const source of patternSources) {
    const path = `${pointer}/patternProperties/${escapePointerSegment(source)}`;
    patternMatchersBuilt.push(context.pattern(source, path));
    patternNodesBuilt.push(context.child(patternMap![source], location, path));
  }
  const patternMatchers = fitted(patternMatchersBuilt);
  const patternNodes = fitted(patternNodesBuilt);
  const additional =
    schema.additionalProperties === undefined
      ? undefined
      : context.child(schema.additionalProperties, location, `${pointer}/additionalProperties`);
  const additionalFalse = additional !== undefined && additional.schema === false;
  const propertyNames =
    schema.propertyNames === undefined
      ? undefined
      : context.child(schema.propertyNames, location, `${pointer}/propertyNames`);
  const minProperties = readCount(schema, "minProperties", node, context) ?? 0;
  const maxProperties = readCount(schema, "maxProperties", node, context) ?? Infinity;
  const dependencies = fitted(readDependencies(schema, node, context, draft7));

  if (
    required.length === 0 &&
    propertyKeys.length === 0 &&
    patternSources.length === 0 &&
    additional === undefined &&
    propertyNames === undefined &&
    minProperties === 0 &&
    maxProperties === Infinity &&
    dependencies.length === 0 &&
    guard === undefined
  ) {
    return undefined;
  }

  const propertyCount = propertyKeys.length;
  const patternCount = patternSources.length;
  const passOther = guard === undefined;
  // `required` names that have a `properties` entry are counted while walking the keys; the
  // others are looked up one by one. (A loop, not `.map(key => set.has(key))`: a set named by a
  // closure would stay alive in the context every runtime closure of this scope shares.)
  const requiredSet = new Set(required);
  const isRequiredBuilt: boolean[] = [];
  for (const key of propertyKeys) isRequiredBuilt.push(requiredSet.has(key));
  const isRequired = fitted(isRequiredBuilt);
  const requiredInProperties = isRequired.filter(Boolean).length;
  const requiredElsewhere = required.filter((key) => !propertyKeys.includes(key));
  const requiredElsewhereCount = requiredElsewhere.length;
  const leafCodes = propertyNodes.map(leafCodeOf);
  const leafLows = propertyNodes.map(leafLowOf);
  const leafHighs = propertyNodes.map(leafHighOf);
  // Pointer segments (`/` + escaped key) of the declared names, built on the error path's first
  // use: most compiled schemas never see an invalid value, and a string per name adds up.
  let propertySegments: string[] | undefined;
  let requiredSegments: string[] | undefined;
  const hasExtraRules = patternCount > 0 || additional !== undefined;
  // Whether reporting must walk the value's own keys at all.
  const hasKeyRules =
    hasExtraRules ||
    propertyNames !== undefined ||
    minProperties > 0 ||
    maxProperties !== Infinity ||
    dependencies.length > 0;

  // One pass over the value's own keys (for-in with `object[key]` takes V8's enum-cache fast
  // path); keys usually come in schema order, so each is found a few names past a cursor.
  const check: CheckFn = (value, scope) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return passOther;
    const object = value as Record<string, unknown>;
    const ownOnly = enumeratesOwnKeysOnly(object);
    let count = 0;
    let requiredSeen = 0;
    let cursor = 0;
    for (const key in object) {
      if (!ownOnly && !ownProperty.call(object, key)) continue;
      count++;
      const index = findKey(propertyKeys, key, cursor);
      if (index !== -1) {
        cursor = index + 1;
        const code = leafCodes[index]!;
        if (
          code !== LEAF_NONE
            ? !isLeafValid(code, object[key], leafLows[index]!, leafHighs[index]!)
            : !propertyNodes[index]!.check(object[key], scope)
        ) {
          return false;
        }
        if (isRequired[index]) requiredSeen++;
        if (
          patternCount > 0 &&
          !checkPatternsOnly(object, key, scope, patternMatchers, patternNodes)
        )
          return false;
      } else if (
        hasExtraRules &&
        !checkExtraKey(object, key, scope, patternMatchers, patternNodes, additional)
      ) {
        return false;
      }
      if (propertyNames !== undefined && !propertyNames.check(key, scope)) return false;
    }
    if (requiredSeen < requiredInProperties) return false;
    if (count < minProperties || count > maxProperties) return false;
    for (let index = 0; index < requiredElsewhereCount; index++) {
      if (!hasOwn(object, requiredElsewhere[index]!)) return false;
    }
    for (let index = 0; index < dependencies.length; index++) {
      const dependency = dependencies[index]!;
      if (!hasOwn(object, dependency.key)) continue;
      const names = dependency.required;
      if (names !== undefined) {
        for (let inner = 0; inner < names.length; inner++) {
          if (!hasOwn(object, names[inner]!)) return false;
        }
      }
      if (dependency.node !== undefined && !dependency.node.check(object, scope)) return false;
    }
    return true;
  };

  // Judges exactly what `check` judges, without running it first. A leaf property is tested in
  // place and reported only when it fails; any other property is reported straight away, its
  // report's verdict standing in for a `check` that would walk it twice when it fails.
  const report = (value: unknown, path: string, issues: SchemaIssue[], scope: Scope): boolean => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return guard === undefined || guard(value, path, issues, scope);
    }
    const object = value as Record<string, unknown>;
    let valid = true;
    // One pass over the own keys as in `check` (keyed lookups by declared name are slow): it
    // counts the required properties seen and notes the declared properties to report.
    let requiredSeen = 0;
    let cursor = 0;
    let reportIndexes: number[] | undefined;
    let reportValues: unknown[] | undefined;
    let outOfOrder = false;
    const ownOnly = enumeratesOwnKeysOnly(object);
    for (const key in object) {
      if (!ownOnly && !ownProperty.call(object, key)) continue;
      const index = findKey(propertyKeys, key, cursor);
      if (index === -1) continue;
      cursor = index + 1;
      if (isRequired[index]) requiredSeen++;
      const code = leafCodes[index]!;
      const propertyValue = object[key];
      if (
        code !== LEAF_NONE &&
        isLeafValid(code, propertyValue, leafLows[index]!, leafHighs[index]!)
      ) {
        continue;
      }
      if (reportIndexes === undefined || reportValues === undefined) {
        reportIndexes = [index];
        reportValues = [propertyValue];
      } else {
        if (index < reportIndexes[reportIndexes.length - 1]!) outOfOrder = true;
        reportIndexes.push(index);
        reportValues.push(propertyValue);
      }
    }
    if (requiredSeen < requiredInProperties) valid = false;
    if (requiredSeen < requiredInProperties || requiredElsewhereCount > 0) {
      for (let index = 0; index < required.length; index++) {
        if (hasOwn(object, required[index]!)) continue;
        valid = false;
        requiredSegments ??= required.map(toSegment);
        issues.push({
          path: path + requiredSegments[index],
          keyword: "required",
          message: "missing",
        });
      }
    }
    if (reportIndexes !== undefined && reportValues !== undefined) {
      propertySegments ??= propertyKeys.map(toSegment);
      // Issues follow the schema's property order, whatever order the value's keys come in.
      if (outOfOrder) {
        reportIndexes.sort(compareNumbers);
        reportValues = reportIndexes.map((index) => object[propertyKeys[index]!]);
      }
      for (let position = 0; position < reportIndexes.length; position++) {
        const index = reportIndexes[position]!;
        const propertyPath = path + propertySegments[index];
        if (!propertyNodes[index]!.report(reportValues[position], propertyPath, issues, scope)) {
          valid = false;
        }
      }
    }
    if (!hasKeyRules) return valid;
    let count = 0;
    for (const key in object) {
      if (!ownOnly && !ownProperty.call(object, key)) continue;
      count++;
      if (propertyNames !== undefined && !propertyNames.check(key, scope)) {
        valid = false;
        propertyNames.report(key, childPath(path, key), issues, scope);
      }
      let matched = false;
      for (let index = 0; index < patternCount; index++) {
        if (!patternMatchers[index]!.test(key)) continue;
        matched = true;
        const pattern = patternNodes[index]!;
        if (!pattern.check(object[key], scope)) {
          valid = false;
          pattern.report(object[key], childPath(path, key), issues, scope);
        }
      }
      if (matched || additional === undefined || findKey(propertyKeys, key, 0) !== -1) continue;
      if (additionalFalse) {
        valid = false;
        issues.push({
          path: childPath(path, key),
          keyword: "additionalProperties",
          message: "unknown field",
        });
      } else if (!additional.check(object[key], scope)) {
        valid = false;
        additional.report(object[key], childPath(path, key), issues, scope);
      }
    }
    if (count < minProperties) {
      valid = false;
      issues.push({
        path,
        keyword: "minProperties",
        message: `expected at least ${minProperties} properties`,
      });
    }
    if (count > maxProperties) {
      valid = false;
      issues.push({
        path,
        keyword: "maxProperties",
        message: `expected at most ${maxProperties} properties`,
      });
    }
    for (const dependency of dependencies) {
      if (!hasOwn(object, dependency.key)) continue;
      for (const name of dependency.required ?? []) {
        if (!hasOwn(object, name)) {
          valid = false;
          issues.push({
            path: childPath(path, name),
            keyword: dependency.keyword,
            message: "missing",
          });
        }
      }
      if (dependency.node !== undefined && !dependency.node.report(object, path, issues, scope)) {
        valid = false;
      }
    }
    return valid;
  };

  const collect: CollectFn = (value, scope, evaluated) => {
    let valid = check(value, scope);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return valid;
    const object = value as Record<string, unknown>;
    if (additional !== undefined) {
      evaluated.allProperties = true;
    } else if (propertyCount > 0 || patternCount > 0) {
      for (const key in object) {
        if (!hasOwn(object, key)) continue;
        let matched = findKey(propertyKeys, key, 0) !== -1;
        for (let index = 0; !matched && index < patternCount; index++) {
          matched = patternMatchers[index]!.test(key);
        }
        if (matched) {
          evaluated.properties ??= new Set();
          evaluated.properties.add(key);
        }
      }
    }
    for (const dependency of dependencies) {
      if (dependency.node !== undefined && hasOwn(object, dependency.key)) {
        if (!collectorOf(dependency.node)(object, scope, evaluated)) valid = false;
      }
    }
    return valid;
  };

  return { check, report, collect };
}

// The helpers below are module functions, not closures of each compiled node: they would cost
// every object schema three closures for paths most values never take.

/** Does the own key `key` (not in `properties`) pass patternProperties / additionalProperties? */
function checkExtraKey(
  object: Record<string, unknown>,
  key: string,
  scope: Scope,
  matchers: readonly PatternMatcher[],
  nodes: readonly SchemaNode[],
  additional: SchemaNode | undefined,
): boolean {
  let matched = false;
  for (let index = 0; index < matchers.length; index++) {
    if (matchers[index]!.test(key)) {
      matched = true;
      if (!nodes[index]!.check(object[key], scope)) return false;
    }
  }
  if (matched || additional === undefined) return true;
  return additional.schema !== false && additional.check(object[key], scope);
}

/** A key declared in `properties` may also match `patternProperties`: both apply. */
function checkPatternsOnly(
  object: Record<string, unknown>,
  key: string,
  scope: Scope,
  matchers: readonly PatternMatcher[],
  nodes: readonly SchemaNode[],
): boolean {
  for (let index = 0; index < matchers.length; index++) {
    if (matchers[index]!.test(key) && !nodes[index]!.check(object[key], scope)) return false;
  }
  return true;
}

function compareNumbers(left: number, right: number): number {
  return left - right;
}

function toSegment(key: string): string {
  return `/${escapePointerSegment(key)}`;
}

function childPath(path: string, key: string): string {
  return `${path}/${escapePointerSegment(key)}`;
}

function readDependencies(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  draft7: boolean,
): Dependency[] {
  const dependencies: Dependency[] = [];
  const pointer = node.pointer;
  if (draft7) {
    const map = readSchemaMap(schema, "dependencies", node, context);
    for (const key of Object.keys(map ?? {})) {
      const entry = map![key];
      if (Array.isArray(entry)) {
        if (entry.some((name) => typeof name !== "string")) {
          failKeyword(context, node, "dependencies", "an object of schemas or string arrays");
        }
        dependencies.push({ key, keyword: "dependencies", required: entry, node: undefined });
      } else {
        const child = context.child(
          entry,
          node.location,
          `${pointer}/dependencies/${escapePointerSegment(key)}`,
        );
        dependencies.push({ key, keyword: "dependencies", required: undefined, node: child });
      }
    }
    return dependencies;
  }
  const requiredMap = readSchemaMap(schema, "dependentRequired", node, context);
  for (const key of Object.keys(requiredMap ?? {})) {
    const entry = requiredMap![key];
    if (!Array.isArray(entry) || entry.some((name) => typeof name !== "string")) {
      failKeyword(context, node, "dependentRequired", "an object of string arrays");
    }
    dependencies.push({ key, keyword: "dependentRequired", required: entry, node: undefined });
  }
  const schemaMap = readSchemaMap(schema, "dependentSchemas", node, context);
  for (const key of Object.keys(schemaMap ?? {})) {
    const child = context.child(
      schemaMap![key],
      node.location,
      `${pointer}/dependentSchemas/${escapePointerSegment(key)}`,
    );
    dependencies.push({ key, keyword: "dependentSchemas", required: undefined, node: child });
  }
  return dependencies;
}
