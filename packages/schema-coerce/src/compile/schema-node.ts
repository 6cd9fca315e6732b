/**
 * The compiled form of one schema node and the internal seams between the node compiler, the
 * keyword compilers and the graph. Types only, so every keyword file can import it without
 * creating import cycles.
 */

import type { NodeCoercion } from "../coerce/node-coercion";
import type { FormatCheck, JsonSchema, PatternMatcher, SchemaDraft, SchemaIssue } from "../types";
import type { ArrayShape } from "./array";
import type { ObjectShape } from "./object";

/** A schema resource (a document or a subschema with `$id`): its URI and dynamic anchors. */
export interface Resource {
  readonly uri: string;
  /** `$dynamicAnchor` name → the schema carrying it (2020-12 only); created by the first one. */
  dynamicAnchors: Map<string, ResolvedRef> | undefined;
}

/** Where a schema node sits: its base URI, its resource and the draft it is read as. */
export interface Location {
  readonly base: string;
  readonly resource: Resource;
  readonly draft: SchemaDraft;
}

/**
 * The dynamic scope of `$dynamicRef`: the resources entered, innermost first. Only built when the
 * graph uses `$dynamicRef`; `undefined` everywhere else, so the common path allocates nothing.
 */
export interface DynamicScope {
  readonly resource: Resource;
  readonly parent: DynamicScope | undefined;
}

export type Scope = DynamicScope | undefined;

/** The fast path: is `value` valid here. Allocates nothing on valid input. */
export type CheckFn = (value: unknown, scope: Scope) => boolean;

/** The error path: pushes one issue per failing place under `path`; returns validity. */
export type ReportFn = (
  value: unknown,
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
) => boolean;

/** Properties and items evaluated so far, for `unevaluatedProperties` / `unevaluatedItems`. */
export interface Evaluated {
  properties: Set<string> | undefined;
  allProperties: boolean;
  /** Items `[0, itemCount)` were evaluated. */
  itemCount: number;
  allItems: boolean;
  /** Items evaluated by `contains`. */
  itemIndexes: Set<number> | undefined;
}

/** Validates like {@link CheckFn} and records what it evaluated into `evaluated`. */
export type CollectFn = (value: unknown, scope: Scope, evaluated: Evaluated) => boolean;

/** One compiled keyword (or group of keywords handled together). */
export interface Keyword {
  readonly check: CheckFn;
  readonly report: ReportFn;
  /** Present when the keyword produces or passes on evaluation annotations. */
  readonly collect?: CollectFn;
}

/** A schema node compiled into closures. Fields are filled in once compiling finishes. */
export interface SchemaNode {
  readonly schema: JsonSchema;
  readonly location: Location;
  /**
   * JSON Pointer-ish place of the node in its document, for compile error messages. Emptied once
   * the graph has compiled: nothing reads it afterwards, and keeping a string per node was a
   * large share of a compiled schema's memory.
   */
  pointer: string;
  check: CheckFn;
  report: ReportFn;
  /** Lazily built collecting form of `check` (see {@link Evaluated}). */
  collect: CollectFn | undefined;
  keywords: readonly Keyword[];
  compiled: boolean;
  /** Whether entering this node enters its resource in the dynamic scope. */
  scoped: boolean;
  /** The node's own `type` names and test, when it has a `type` keyword. */
  types: readonly string[] | undefined;
  typeCheck: CheckFn | undefined;
  /** The node's object keywords, when it has any (or fuses `type: "object"`). */
  objectShape: ObjectShape | undefined;
  /** The node's array keywords, when it has any (or fuses `type: "array"`). */
  arrayShape: ArrayShape | undefined;
  /** Where the node's `$ref` (else `$dynamicRef`, statically resolved) points, when it resolves. */
  refTarget: SchemaNode | undefined;
  /** The `allOf` members. */
  allOfMembers: readonly SchemaNode[] | undefined;
  /** The `anyOf` branches, else the `oneOf` branches. */
  unionBranches: readonly SchemaNode[] | undefined;
  /** What the coercion passes read of this node beyond the shapes, built by their first visit. */
  coercion: NodeCoercion | undefined;
}

/** What a `$ref` resolves to. */
export interface ResolvedRef {
  readonly schema: JsonSchema;
  readonly location: Location;
  readonly pointer: string;
}

/** The services keyword compilers use; implemented by the graph. */
export interface CompileContext {
  readonly formats: Readonly<Record<string, FormatCheck>> | undefined;
  /** Whether `$dynamicRef` occurs, so dynamic scope must be tracked. */
  readonly dynamic: boolean;
  readonly rejectUnresolved: boolean;
  /** The compiled node of a subschema at `pointer`, inheriting `location` unless it has `$id`. */
  child(schema: unknown, location: Location, pointer: string): SchemaNode;
  /**
   * The node `child` returns for `schema` when it is one every graph shares (a boolean schema, a
   * schema of only a `type` and annotations), else `undefined`: a caller that finds one needs no
   * pointer for it.
   */
  sharedNode(schema: unknown): SchemaNode | undefined;
  /** Resolves `ref` against `location`; `undefined` when it names nothing. */
  resolve(ref: string, location: Location): ResolvedRef | undefined;
  /** The compiled node of a resolved reference. */
  nodeOf(resolved: ResolvedRef): SchemaNode;
  pattern(source: string, pointer: string): PatternMatcher;
  /**
   * Called by a node that declares an identifier (`$id`, `$anchor`, `$dynamicAnchor`) or uses
   * `$dynamicRef`: a compiler that skipped indexing the document throws, to start over indexed.
   */
  requireIndex(): void;
  /** Throws a `SchemaError` naming `pointer`. */
  fail(
    code: "INVALID_SCHEMA" | "UNRESOLVED_REF" | "INVALID_PATTERN",
    pointer: string,
    message: string,
  ): never;
}
