/**
 * The compiler of one attempt of a `compile()` call (see `compileRoot`): owns the resource
 * registry (when it indexes the document) and the node cache (one node per schema object that is
 * not shared), uses the call's pattern cache, resolves `$ref`, and serves the coercion passes
 * through its root node, from which `createSchemaGraph` serves the coercion passes.
 */
import { SchemaError } from "../schema-error";
import type {
  CompileOptions,
  FormatCheck,
  JsonSchema,
  PatternMatcher,
  SchemaDraft,
} from "../types";
import { compileNode, typeOnlyNode } from "./compile-node";
import { createNode, validCheck, validReport } from "./create-node";
import { draftOf } from "./draft-of";
import { needsIndex } from "./needs-index";
import { documentEntry, ResourceRegistry } from "./resource-registry";
import type { CompileContext, Location, ResolvedRef, SchemaNode } from "./schema-node";
import type { SchemaObject } from "./schema-shape";
import { sharedLocation } from "./shared-location";
import {
  DEFAULT_BASE,
  decodePointerSegment,
  fragmentOf,
  normalizeUri,
  resolveUri,
  stripFragment,
} from "./uri";

// The boolean schemas compile to the same two nodes in every graph.
const booleanLocation = sharedLocation;
const trueNode: SchemaNode = {
  ...createNode(true, booleanLocation, "#"),
  check: validCheck,
  report: validReport,
  compiled: true,
};
const falseNode: SchemaNode = { ...createNode(false, booleanLocation, "#"), compiled: true };

function defaultRegExp(source: string): PatternMatcher {
  return new RegExp(source, "u");
}

/** Compiled patterns by source; the map is created by the first `pattern`. */
export interface PatternCache {
  matchers: Map<string, PatternMatcher> | undefined;
}

export class SchemaCompiler implements CompileContext {
  readonly draft: SchemaDraft;
  readonly options: CompileOptions;
  readonly formats: Readonly<Record<string, FormatCheck>> | undefined;
  readonly dynamic: boolean;
  readonly rejectUnresolved: boolean;
  /** Whether the document was indexed (see `compileRoot`). */
  readonly indexed: boolean;
  readonly rootNode: SchemaNode;
  /** The index of the documents; `undefined` when the document was not indexed. */
  private readonly registry: ResourceRegistry | undefined;
  /** The root document's entry. */
  private readonly root: ResolvedRef;
  private readonly nodes = new Map<object, SchemaNode>();
  private readonly patterns: PatternCache;
  private readonly trueNode = trueNode;
  private readonly falseNode = falseNode;
  private remoteSchemas: Map<string, JsonSchema> | undefined;

  constructor(
    schema: JsonSchema,
    options: CompileOptions,
    builtInFormats: Readonly<Record<string, FormatCheck>>,
    indexed = true,
    patterns: PatternCache = { matchers: undefined },
  ) {
    this.options = options;
    this.indexed = indexed;
    this.patterns = patterns;
    this.draft = draftOf(schema, options.draft ?? "2020-12");
    this.formats = options.formats === true ? builtInFormats : options.formats;
    this.rejectUnresolved = options.unresolvedRefs === "reject";
    if (
      typeof schema !== "boolean" &&
      (typeof schema !== "object" || schema === null || Array.isArray(schema))
    ) {
      this.fail("INVALID_SCHEMA", "#", "a schema must be an object or a boolean");
    }
    if (indexed) {
      this.registry = new ResourceRegistry();
      this.root = this.registry.addDocument(schema, DEFAULT_BASE, this.draft, "");
      this.dynamic = this.registry.usesDynamicRef || this.remoteUsesDynamicRef();
    } else {
      this.registry = undefined;
      this.root = documentEntry(schema, DEFAULT_BASE, this.draft, "");
      // No compiled node uses `$dynamicRef` (it would have started over): no scope is read.
      this.dynamic = false;
    }
    this.rootNode = this.child(schema, this.root.location, "#");
    for (const node of this.nodes.values()) {
      if (node.location !== sharedLocation) node.pointer = "";
    }
  }

  requireIndex(): void {
    if (!this.indexed) throw needsIndex;
  }

  sharedNode(schema: unknown): SchemaNode | undefined {
    if (schema === true) return this.trueNode;
    if (schema === false) return this.falseNode;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
    // Shared nodes are not put in `nodes`: most subschemas are one, and finding them again is
    // cheaper than the map growing by one entry per subschema.
    return this.resourceRootOf(schema) === undefined
      ? typeOnlyNode(schema as SchemaObject)
      : undefined;
  }

  child(schema: unknown, location: Location, pointer: string): SchemaNode {
    const shared = this.sharedNode(schema);
    if (shared !== undefined) return shared;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
      return this.fail("INVALID_SCHEMA", pointer, "a schema must be an object or a boolean");
    }
    const existing = this.nodes.get(schema);
    if (existing !== undefined) return existing;
    const own = this.resourceRootOf(schema);
    const node = createNode(schema as JsonSchema, own ?? location, pointer);
    node.scoped = this.dynamic && own !== undefined;
    this.nodes.set(schema, node);
    compileNode(node, this);
    return node;
  }

  resolve(ref: string, location: Location): ResolvedRef | undefined {
    const absolute = resolveUri(ref, location.base);
    const documentUri = normalizeUri(stripFragment(absolute));
    const entry =
      this.registry === undefined
        ? documentUri === this.root.location.base
          ? this.root
          : undefined
        : (this.registry.resources.get(documentUri) ?? this.loadRemote(documentUri));
    if (entry === undefined) return this.unresolved();
    const fragment = fragmentOf(absolute);
    if (fragment === "") return entry;
    if (!fragment.startsWith("/")) {
      this.requireIndex();
      return this.registry?.anchors?.get(`${entry.location.resource.uri}#${fragment}`);
    }
    let current: unknown = entry.schema;
    let currentLocation = entry.location;
    for (const rawSegment of fragment.slice(1).split("/")) {
      const segment = decodePointerSegment(rawSegment);
      if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) {
        return undefined;
      }
      current = (current as Record<string, unknown>)[segment];
      if (typeof current === "object" && current !== null) {
        if (!this.indexed && typeof (current as { $id?: unknown }).$id === "string") {
          this.requireIndex();
        }
        currentLocation = this.resourceRootOf(current) ?? currentLocation;
      }
    }
    if (typeof current !== "boolean" && (typeof current !== "object" || current === null)) {
      return this.unresolved();
    }
    return {
      schema: current as JsonSchema,
      location: currentLocation,
      pointer: `${entry.pointer}${fragment}`,
    };
  }

  /** The location of a schema object that starts a resource (the root, or one with `$id`). */
  private resourceRootOf(schema: object): Location | undefined {
    if (this.registry !== undefined) return this.registry.resourceRoots.get(schema);
    return schema === this.root.schema ? this.root.location : undefined;
  }

  /** A reference that names nothing: final only when the document was indexed. */
  private unresolved(): undefined {
    this.requireIndex();
    return undefined;
  }

  nodeOf(resolved: ResolvedRef): SchemaNode {
    return this.child(resolved.schema, resolved.location, resolved.pointer);
  }

  pattern(source: string, pointer: string): PatternMatcher {
    const cached = this.patterns.matchers?.get(source);
    if (cached !== undefined) return cached;
    let matcher: PatternMatcher;
    try {
      matcher = (this.options.regExp ?? defaultRegExp)(source);
    } catch (error) {
      return this.fail(
        "INVALID_PATTERN",
        pointer,
        `invalid pattern ${JSON.stringify(source)}`,
        error,
      );
    }
    this.patterns.matchers ??= new Map();
    this.patterns.matchers.set(source, matcher);
    return matcher;
  }

  fail(
    code: "INVALID_SCHEMA" | "UNRESOLVED_REF" | "INVALID_PATTERN",
    pointer: string,
    message: string,
    cause?: unknown,
  ): never {
    throw new SchemaError(
      code,
      `${message} (at ${pointer})`,
      cause === undefined ? undefined : { cause },
    );
  }

  private loadRemote(uri: string): ResolvedRef | undefined {
    const schemas = this.options.schemas;
    if (schemas === undefined || this.registry === undefined) return undefined;
    if (this.remoteSchemas === undefined) {
      this.remoteSchemas = new Map();
      for (const key of Object.keys(schemas)) {
        this.remoteSchemas.set(normalizeUri(stripFragment(key)), schemas[key]!);
      }
    }
    const document = this.remoteSchemas.get(uri);
    if (document === undefined) return undefined;
    return this.registry!.addDocument(document, uri, draftOf(document, this.draft), uri);
  }

  private remoteUsesDynamicRef(): boolean {
    const schemas = this.options.schemas;
    if (schemas === undefined) return false;
    return usesDynamicRef(schemas);
  }
}

// Whether any document of `options.schemas` uses `$dynamicRef`; cached per schemas object.
const dynamicRefCache = new WeakMap<object, boolean>();

function usesDynamicRef(schemas: Readonly<Record<string, JsonSchema>>): boolean {
  const cached = dynamicRefCache.get(schemas);
  if (cached !== undefined) return cached;
  const result = Object.keys(schemas).some((key) => containsKey(schemas[key], "$dynamicRef", 0));
  dynamicRefCache.set(schemas, result);
  return result;
}

function containsKey(value: unknown, key: string, depth: number): boolean {
  if (typeof value !== "object" || value === null || depth > 10_000) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, key)) return true;
  for (const child of Object.values(value)) {
    if (containsKey(child, key, depth + 1)) return true;
  }
  return false;
}
