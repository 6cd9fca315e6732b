import type {
  CheckFn,
  CompileContext,
  Keyword,
  ResolvedRef,
  SchemaNode,
  Scope,
} from "../schema-node";
import { failKeyword, type SchemaObject } from "../schema-shape";
import { fragmentOf, resolveUri } from "../uri";
import { collectorOf, enterScope } from "./collector-of";

/** A keyword that fails every value: the `unresolvedRefs: "reject"` stand-in for a dangling ref. */
function unresolvedKeyword(keyword: string, reference: string): Keyword {
  const message = `unresolved reference ${reference}`;
  return {
    check: () => false,
    report: (_value, path, issues) => {
      issues.push({ path, keyword, message });
      return false;
    },
  };
}

function readReference(
  schema: SchemaObject,
  keyword: string,
  node: SchemaNode,
  context: CompileContext,
): { reference: string; resolved: ResolvedRef | undefined } {
  const reference = schema[keyword];
  if (typeof reference !== "string") return failKeyword(context, node, keyword, "a string");
  const resolved = context.resolve(reference, node.location);
  if (resolved === undefined && !context.rejectUnresolved) {
    context.fail(
      "UNRESOLVED_REF",
      `${node.pointer}/${keyword}`,
      `unresolved reference ${reference}`,
    );
  }
  return { reference, resolved };
}

/** Builds the keyword that validates through `target`, entering its resource when dynamic. */
function throughNode(target: SchemaNode, dynamic: boolean): Keyword {
  const resource = target.location.resource;
  if (dynamic) {
    return {
      check: (value, scope) => target.check(value, enterScope(scope, resource)),
      report: (value, path, issues, scope) =>
        target.report(value, path, issues, enterScope(scope, resource)),
      collect: (value, scope, evaluated) =>
        collectorOf(target)(value, enterScope(scope, resource), evaluated),
    };
  }
  return {
    // A target still being compiled (recursion) is read through the node at call time.
    check: target.compiled ? target.check : (value, scope) => target.check(value, scope),
    report: (value, path, issues, scope) => target.report(value, path, issues, scope),
    collect: (value, scope, evaluated) => collectorOf(target)(value, scope, evaluated),
  };
}

/** Compiles `$ref`. */
export function compileRef(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  if (schema.$ref === undefined) return undefined;
  const { reference, resolved } = readReference(schema, "$ref", node, context);
  if (resolved === undefined) return unresolvedKeyword("$ref", reference);
  const target = context.nodeOf(resolved);
  failOnEndlessChain(node, target, context);
  node.refTarget = target;
  return throughNode(target, context.dynamic);
}

/**
 * Throws `INVALID_SCHEMA` when following `$ref` from `origin` (to `target`, then the target's own
 * `$ref`, and so on) comes back to `origin`: such a chain (`a → b → a`) never reaches a schema
 * that judges anything, so every value would recurse until the stack ran out. Each node is met
 * once per walk, so a walk is linear in the chain's length.
 */
function failOnEndlessChain(origin: SchemaNode, target: SchemaNode, context: CompileContext): void {
  const seen = new Set<unknown>();
  const pointers = [origin.pointer];
  let current = target;
  for (;;) {
    pointers.push(current.pointer);
    if (current.schema === origin.schema) {
      context.fail(
        "INVALID_SCHEMA",
        `${origin.pointer}/$ref`,
        `$ref chain ${pointers.join(" → ")} never reaches a schema`,
      );
    }
    const schema = current.schema;
    if (typeof schema !== "object" || schema === null || seen.has(schema)) return;
    seen.add(schema);
    const reference = (schema as SchemaObject).$ref;
    if (typeof reference !== "string") return;
    const next = context.resolve(reference, current.location);
    if (next === undefined) return;
    current = context.nodeOf(next);
  }
}

/**
 * Compiles `$dynamicRef`: resolved like `$ref`, unless it lands on a `$dynamicAnchor` of the
 * same name — then the outermost resource in the dynamic scope that declares that dynamic anchor
 * wins.
 */
export function compileDynamicRef(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
): Keyword | undefined {
  if (schema.$dynamicRef === undefined) return undefined;
  const { reference, resolved } = readReference(schema, "$dynamicRef", node, context);
  if (resolved === undefined) return unresolvedKeyword("$dynamicRef", reference);
  const staticTarget = context.nodeOf(resolved);
  // `$ref` beside it wins for the coercion passes, which follow one reference.
  node.refTarget ??= staticTarget;
  const anchor = fragmentOf(resolveUri(reference, node.location.base));
  const target = resolved.schema;
  const isDynamic =
    anchor !== "" &&
    !anchor.startsWith("/") &&
    typeof target === "object" &&
    target !== null &&
    (target as SchemaObject).$dynamicAnchor === anchor;
  if (!isDynamic) return throughNode(staticTarget, context.dynamic);
  const pick = (scope: Scope): SchemaNode => {
    let found: ResolvedRef | undefined;
    for (let entry = scope; entry !== undefined; entry = entry.parent) {
      const candidate = entry.resource.dynamicAnchors?.get(anchor);
      if (candidate !== undefined) found = candidate;
    }
    return found === undefined ? staticTarget : context.nodeOf(found);
  };
  const check: CheckFn = (value, scope) => {
    const chosen = pick(scope);
    return chosen.check(value, enterScope(scope, chosen.location.resource));
  };
  return {
    check,
    report: (value, path, issues, scope) => {
      const chosen = pick(scope);
      return chosen.report(value, path, issues, enterScope(scope, chosen.location.resource));
    },
    collect: (value, scope, evaluated) => {
      const chosen = pick(scope);
      return collectorOf(chosen)(value, enterScope(scope, chosen.location.resource), evaluated);
    },
  };
}
