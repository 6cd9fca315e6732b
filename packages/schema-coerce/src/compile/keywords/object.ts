import type { PatternMatcher, SchemaIssue } from "../../types";
import type {
  CheckFn,
  CollectFn,
  CompileContext,
  Keyword,
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
  guard: boolean,
): Keyword | undefined {
  const pointer = node.pointer;
  const location = node.location;
  const draft7 = location.draft === "7";
  const required = readStringArray(schema, "required", node, context) ?? [];
  const propertyMap = readSchemaMap(schema, "properties", node, context);
  const propertyKeys = propertyMap === undefined ? [] : Object.keys(propertyMap);
  const propertyNodes = propertyKeys.map((key) =>
    context.child(
      propertyMap![key],
      location,
      `${pointer}/properties/${escapePointerSegment(key)}`,
    ),
  );
  const patternMap = readSchemaMap(schema, "patternProperties", node, context);
  const patternSources = patternMap === undefined ? [] : Object.keys(patternMap);
  const patternMatchers: PatternMatcher[] = patternSources.map((source) =>
    context.pattern(source, `${pointer}/patternProperties/${escapePointerSegment(source)}`),
  );
  const patternNodes = patternSources.map((source) =>
    context.child(
      patternMap![source],
      location,
      `${pointer}/patternProperties/${escapePointerSegment(source)}`,
    ),
  );
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
  const dependencies = readDependencies(schema, node, context, draft7);

  if (
    required.length === 0 &&
    propertyKeys.length === 0 &&
    patternSources.length === 0 &&
    additional === undefined &&
    propertyNames === undefined &&
    minProperties === 0 &&
    maxProperties === Infinity &&
    dependencies.length === 0 &&
    !guard
  ) {
    return undefined;
  }

  const propertySet = new Set(propertyKeys);
  const propertyCount = propertyKeys.length;
  const patternCount = patternSources.length;
  const requiredCount = required.length;
  const iterateKeys =
    patternCount > 0 ||
    additional !== undefined ||
    propertyNames !== undefined ||
    minProperties > 0 ||
    maxProperties !== Infinity;
  const passOther = !guard;

  // Does the own key `key` pass patternProperties / additionalProperties?
  const checkExtraKey = (object: Record<string, unknown>, key: string, scope: Scope): boolean => {
    let matched = false;
    for (let index = 0; index < patternCount; index++) {
      if (patternMatchers[index]!.test(key)) {
        matched = true;
        if (!patternNodes[index]!.check(object[key], scope)) return false;
      }
    }
    if (matched || additional === undefined || propertySet.has(key)) return true;
    return !additionalFalse && additional.check(object[key], scope);
  };

  const check: CheckFn = (value, scope) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return passOther;
    const object = value as Record<string, unknown>;
    for (let index = 0; index < requiredCount; index++) {
      if (!hasOwn(object, required[index]!)) return false;
    }
    for (let index = 0; index < propertyCount; index++) {
      const key = propertyKeys[index]!;
      if (hasOwn(object, key) && !propertyNodes[index]!.check(object[key], scope)) return false;
    }
    if (iterateKeys) {
      let count = 0;
      for (const key in object) {
        if (!hasOwn(object, key)) continue;
        count++;
        if (propertyNames !== undefined && !propertyNames.check(key, scope)) return false;
        if (patternCount === 0 && additionalFalse) {
          if (!propertySet.has(key)) return false;
        } else if (!checkExtraKey(object, key, scope)) {
          return false;
        }
      }
      if (count < minProperties || count > maxProperties) return false;
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

  const report = (value: unknown, path: string, issues: SchemaIssue[], scope: Scope): boolean => {
    if (check(value, scope)) return true;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const object = value as Record<string, unknown>;
    for (const key of required) {
      if (!hasOwn(object, key)) {
        issues.push({ path: childPath(path, key), keyword: "required", message: "missing" });
      }
    }
    for (let index = 0; index < propertyCount; index++) {
      const key = propertyKeys[index]!;
      if (hasOwn(object, key)) {
        propertyNodes[index]!.report(object[key], childPath(path, key), issues, scope);
      }
    }
    let count = 0;
    for (const key in object) {
      if (!hasOwn(object, key)) continue;
      count++;
      if (propertyNames !== undefined) {
        propertyNames.report(key, childPath(path, key), issues, scope);
      }
      let matched = false;
      for (let index = 0; index < patternCount; index++) {
        if (patternMatchers[index]!.test(key)) {
          matched = true;
          patternNodes[index]!.report(object[key], childPath(path, key), issues, scope);
        }
      }
      if (matched || additional === undefined || propertySet.has(key)) continue;
      if (additionalFalse) {
        issues.push({
          path: childPath(path, key),
          keyword: "additionalProperties",
          message: "unknown field",
        });
      } else {
        additional.report(object[key], childPath(path, key), issues, scope);
      }
    }
    if (count < minProperties) {
      issues.push({
        path,
        keyword: "minProperties",
        message: `expected at least ${minProperties} properties`,
      });
    }
    if (count > maxProperties) {
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
          issues.push({
            path: childPath(path, name),
            keyword: dependency.keyword,
            message: "missing",
          });
        }
      }
      dependency.node?.report(object, path, issues, scope);
    }
    return false;
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
        let matched = propertySet.has(key);
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
