import { compile } from "./compile";
import type { CompiledSchema, CompileOptions, InferSchema, JsonSchema } from "./types";

interface CacheEntry {
  /** The options object the entry was made for; a frozen one may be matched by identity. */
  readonly source: CompileOptions;
  /** A copy of the options, compared field by field with other options objects. */
  readonly options: CompileOptions;
  readonly compiled: CompiledSchema<unknown>;
}

// Object schemas are held weakly, so a dropped tool drops its validator; the two boolean
// schemas cannot be WeakMap keys and get a plain map.
const objectCache = new WeakMap<object, CacheEntry[]>();
const booleanCache = new Map<boolean, CacheEntry[]>();
const optionKeys = [
  "draft",
  "formats",
  "schemas",
  "unresolvedRefs",
  "coerce",
  "removeAdditional",
  "parseJsonStrings",
  "requireClosedObjects",
  "regExp",
] as const satisfies readonly (keyof CompileOptions)[];

function sameOptions(left: CompileOptions, right: CompileOptions): boolean {
  return optionKeys.every((key) => left[key] === right[key]);
}

/**
 * The compiled validator of `schema`, compiled once per schema object (by identity) and per
 * options (compared field by field; option values that are objects compare by identity).
 */
export function getValidator<S extends JsonSchema>(
  schema: S,
  options: CompileOptions = {},
): CompiledSchema<InferSchema<S>> {
  let entries = typeof schema === "boolean" ? booleanCache.get(schema) : objectCache.get(schema);
  // A frozen options object cannot have changed since it was cached: match it by identity first.
  const frozen = Object.isFrozen(options);
  const hit = entries?.find(
    (entry) => (frozen && entry.source === options) || sameOptions(entry.options, options),
  );
  if (hit !== undefined) return hit.compiled as CompiledSchema<InferSchema<S>>;
  const compiled = compile(schema, options);
  if (entries === undefined) {
    entries = [];
    if (typeof schema === "boolean") booleanCache.set(schema, entries);
    else objectCache.set(schema, entries);
  }
  entries.push({
    source: options,
    options: { ...options },
    compiled: compiled as CompiledSchema<unknown>,
  });
  return compiled;
}
