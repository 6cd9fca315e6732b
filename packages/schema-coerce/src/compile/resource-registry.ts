/**
 * Indexes schema documents: which URI names which resource (`$id`), which anchors exist
 * (`$anchor`, `$dynamicAnchor`, draft-7 `"$id": "#name"`), and whether `$dynamicRef` is used.
 * Only keywords that hold subschemas are walked, so an `$id` inside `enum`/`const` data is not
 * an identifier.
 */

import { toPointerSegment } from "../coerce/to-pointer-segment";
import type { JsonSchema, JsonSchemaObject, SchemaDraft } from "../types";
import type { Location, ResolvedRef } from "./schema-node";
import { fragmentOf, normalizeUri, resolveUri, stripFragment } from "./uri";

/** A keyword holding one subschema. */
const SCHEMA = 1;
/** A keyword holding an array of subschemas. */
const SCHEMA_ARRAY = 2;
/** A keyword holding an object whose values are subschemas. */
const SCHEMA_MAP = 4;

const singleSchemaKeywords = [
  "additionalProperties",
  "additionalItems",
  "items",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
];
const schemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const schemaMapKeywords = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
];

/** How each subschema-holding keyword holds its subschemas (`items` holds one or an array). */
const keywordKinds = new Map<string, number>();
for (const keyword of singleSchemaKeywords) keywordKinds.set(keyword, SCHEMA);
for (const keyword of schemaArrayKeywords) {
  keywordKinds.set(keyword, (keywordKinds.get(keyword) ?? 0) | SCHEMA_ARRAY);
}
for (const keyword of schemaMapKeywords) keywordKinds.set(keyword, SCHEMA_MAP);

/** The entry of a document retrieved from `uri`, before any `$id` of its own renames it. */
export function documentEntry(
  schema: JsonSchema,
  uri: string,
  draft: SchemaDraft,
  pointerPrefix: string,
): ResolvedRef {
  const base = normalizeUri(stripFragment(uri));
  const location: Location = { base, resource: { uri: base, dynamicAnchors: undefined }, draft };
  return { schema, location, pointer: `${pointerPrefix}#` };
}

export class ResourceRegistry {
  /** Resource URI (no fragment) → its root schema and location. */
  readonly resources = new Map<string, ResolvedRef>();
  /**
   * `<resource uri>#<anchor>` → the schema carrying the anchor. Maps are created by their first
   * entry: most tool schemas have no anchors, and an empty map costs as much as a small node.
   */
  anchors: Map<string, ResolvedRef> | undefined;
  /** Schema objects that start a resource (have `$id`) → their location. */
  readonly resourceRoots = new Map<object, Location>();
  usesDynamicRef = false;

  /** Indexes a document retrieved from `uri` (its `$id`, if any, names it too). */
  addDocument(
    schema: JsonSchema,
    uri: string,
    draft: SchemaDraft,
    pointerPrefix: string,
  ): ResolvedRef {
    const entry = documentEntry(schema, uri, draft, pointerPrefix);
    const location = entry.location;
    const base = location.base;
    this.resources.set(base, entry);
    if (typeof schema === "object") this.resourceRoots.set(schema, location);
    this.#pointerRoot = `${pointerPrefix}#`;
    this.#segments.length = 0;
    this.walk(schema, location, true);
    // A root `$id` renames the resource; the retrieval URI must reach the same anchors.
    const rootLocation =
      (typeof schema === "object" ? this.resourceRoots.get(schema) : undefined) ?? location;
    const rootEntry: ResolvedRef = { schema, location: rootLocation, pointer: entry.pointer };
    this.resources.set(base, rootEntry);
    return rootEntry;
  }

  #addAnchor(key: string, entry: ResolvedRef): void {
    this.anchors ??= new Map();
    this.anchors.set(key, entry);
  }

  /**
   * The place being walked, as raw pointer segments (keywords, names, indexes): escaped and
   * joined only when an identifier is recorded, so walking builds no strings.
   */
  readonly #segments: (string | number)[] = [];
  #pointerRoot = "#";

  #pointer(): string {
    let pointer = this.#pointerRoot;
    for (const segment of this.#segments) {
      pointer += toPointerSegment(segment);
    }
    return pointer;
  }

  private walk(schema: unknown, parent: Location, isDocumentRoot: boolean): void {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
    const object = schema as JsonSchemaObject;
    const draft = parent.draft;
    if (draft === "7" && typeof object.$ref === "string") return;
    let location = parent;
    const id = object.$id;
    if (typeof id === "string") {
      if (draft === "7" && id.startsWith("#")) {
        this.#addAnchor(`${parent.resource.uri}${id}`, {
          schema: object,
          location: parent,
          pointer: this.#pointer(),
        });
      } else {
        const absolute = resolveUri(id, parent.base);
        const base = normalizeUri(stripFragment(absolute));
        if (!isDocumentRoot || base !== parent.base) {
          location = { base, resource: { uri: base, dynamicAnchors: undefined }, draft };
          this.resourceRoots.set(object, location);
        }
        const entry: ResolvedRef = { schema: object, location, pointer: this.#pointer() };
        this.resources.set(base, entry);
        const fragment = fragmentOf(absolute);
        if (draft === "7" && fragment !== "") {
          this.#addAnchor(`${base}#${fragment}`, entry);
        }
      }
    }
    if (draft !== "7") {
      const anchor = object.$anchor;
      if (typeof anchor === "string") {
        this.#addAnchor(`${location.resource.uri}#${anchor}`, {
          schema: object,
          location,
          pointer: this.#pointer(),
        });
      }
      const dynamicAnchor = object.$dynamicAnchor;
      if (typeof dynamicAnchor === "string") {
        const entry: ResolvedRef = { schema: object, location, pointer: this.#pointer() };
        this.#addAnchor(`${location.resource.uri}#${dynamicAnchor}`, entry);
        location.resource.dynamicAnchors ??= new Map();
        location.resource.dynamicAnchors.set(dynamicAnchor, entry);
      }
      if (object.$dynamicRef !== undefined) this.usesDynamicRef = true;
    }
    // One pass over the node's own keys (reading each subschema keyword by name from every
    // schema object was a large share of compile time).
    for (const keyword in object) {
      const kind = keywordKinds.get(keyword);
      if (kind === undefined) continue;
      const value = object[keyword];
      if (typeof value !== "object" || value === null) continue;
      if (Array.isArray(value)) {
        if (kind & SCHEMA_ARRAY) {
          for (let index = 0; index < value.length; index++) {
            this.#segments.push(keyword, index);
            this.walk(value[index], location, false);
            this.#segments.length -= 2;
          }
        }
      } else if (kind & SCHEMA) {
        this.#segments.push(keyword);
        this.walk(value, location, false);
        this.#segments.pop();
      } else if (kind & SCHEMA_MAP) {
        for (const key of Object.keys(value)) {
          this.#segments.push(keyword, key);
          this.walk((value as Record<string, unknown>)[key], location, false);
          this.#segments.length -= 2;
        }
      }
    }
  }
}
