import type {
  CollectFn,
  DynamicScope,
  Evaluated,
  Resource,
  SchemaNode,
  Scope,
} from "../schema-node";

/** A fresh, empty evaluation record. */
export function createEvaluated(): Evaluated {
  return {
    properties: undefined,
    allProperties: false,
    itemCount: 0,
    allItems: false,
    itemIndexes: undefined,
  };
}

/** Adds what `source` evaluated to `target`. */
export function mergeEvaluated(target: Evaluated, source: Evaluated): void {
  if (source.allProperties) target.allProperties = true;
  if (source.properties !== undefined) {
    target.properties ??= new Set();
    for (const key of source.properties) target.properties.add(key);
  }
  if (source.allItems) target.allItems = true;
  if (source.itemCount > target.itemCount) target.itemCount = source.itemCount;
  if (source.itemIndexes !== undefined) {
    target.itemIndexes ??= new Set();
    for (const index of source.itemIndexes) target.itemIndexes.add(index);
  }
}

/** The dynamic scope after entering `resource` (the same scope when it is already innermost). */
export function enterScope(scope: Scope, resource: Resource): DynamicScope {
  return scope !== undefined && scope.resource === resource ? scope : { resource, parent: scope };
}

/**
 * The collecting form of a node's check, built on first use: only schemas with
 * `unevaluatedProperties` / `unevaluatedItems` ever need it, so others never pay for it.
 */
export function collectorOf(node: SchemaNode): CollectFn {
  if (node.collect !== undefined) return node.collect;
  let collect: CollectFn;
  if (typeof node.schema === "boolean") {
    const result = node.schema;
    collect = () => result;
  } else {
    const keywords = node.keywords;
    // A `type` that no keyword group fused in is not among `keywords`; a node whose type rejects
    // the value evaluates nothing.
    const typeCheck = node.typeCheck;
    collect = (value, scope, evaluated) => {
      if (typeCheck !== undefined && !typeCheck(value, scope)) return false;
      let valid = true;
      for (let index = 0; index < keywords.length; index++) {
        const keyword = keywords[index]!;
        const passed =
          keyword.collect === undefined
            ? keyword.check(value, scope)
            : keyword.collect(value, scope, evaluated);
        if (!passed) valid = false;
      }
      return valid;
    };
    if (node.scoped) {
      const inner = collect;
      const resource = node.location.resource;
      collect = (value, scope, evaluated) => inner(value, enterScope(scope, resource), evaluated);
    }
  }
  node.collect = collect;
  return collect;
}
