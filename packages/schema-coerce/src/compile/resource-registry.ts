/**
 * Indexes schema documents: which URI names which resource (`$id`), which anchors exist
 * (`$anchor`, `$dynamicAnchor`, draft-7 `"$id": "#name"`), and whether `$dynamicRef` is used.
 * Only keywords that hold subschemas are walked, so an `$id` inside `enum`/`const` data is not
 * an identifier.
 */
import type { JsonSchema, JsonSchemaObject, SchemaDraft } from "../types";
import type { Location, ResolvedRef } from "./schema-node";
import { escapePointerSegment, fragmentOf, normalizeUri, resolveUri, stripFragment } from "./uri";

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

export class ResourceRegistry {
  /** Resource URI (no fragment) → its root schema and location. */
  readonly resources = new Map<string, ResolvedRef>();
  /** `<resource uri>#<anchor>` → the schema carrying the anchor. */
  readonly anchors = new Map<string, ResolvedRef>();
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
    const base = normalizeUri(stripFragment(uri));
    const location: Location = {
      base,
      resource: { uri: base, dynamicAnchors: new Map() },
      draft,
    };
    const entry: ResolvedRef = { schema, location, pointer: `${pointerPrefix}#` };
    this.resources.set(base, entry);
    if (typeof schema === "object") this.resourceRoots.set(schema, location);
    this.walk(schema, location, `${pointerPrefix}#`, true);
    // A root `$id` renames the resource; the retrieval URI must reach the same anchors.
    const rootLocation =
      (typeof schema === "object" ? this.resourceRoots.get(schema) : undefined) ?? location;
    const rootEntry: ResolvedRef = { schema, location: rootLocation, pointer: entry.pointer };
    this.resources.set(base, rootEntry);
    return rootEntry;
  }

  private walk(schema: unknown, parent: Location, pointer: string, isDocumentRoot: boolean): void {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
    const object = schema as JsonSchemaObject;
    const draft = parent.draft;
    if (draft === "7" && typeof object.$ref === "string") return;
    let location = parent;
    const id = object.$id;
    if (typeof id === "string") {
      if (draft === "7" && id.startsWith("#")) {
        this.anchors.set(`${parent.resource.uri}${id}`, {
          schema: object,
          location: parent,
          pointer,
        });
      } else {
        const absolute = resolveUri(id, parent.base);
        const base = normalizeUri(stripFragment(absolute));
        if (!isDocumentRoot || base !== parent.base) {
          location = { base, resource: { uri: base, dynamicAnchors: new Map() }, draft };
          this.resourceRoots.set(object, location);
        }
        const entry: ResolvedRef = { schema: object, location, pointer };
        this.resources.set(base, entry);
        const fragment = fragmentOf(absolute);
        if (draft === "7" && fragment !== "") {
          this.anchors.set(`${base}#${fragment}`, entry);
        }
      }
    }
    if (draft !== "7") {
      const anchor = object.$anchor;
      if (typeof anchor === "string") {
        this.anchors.set(`${location.resource.uri}#${anchor}`, {
          schema: object,
          location,
          pointer,
        });
      }
      const dynamicAnchor = object.$dynamicAnchor;
      if (typeof dynamicAnchor === "string") {
        const entry: ResolvedRef = { schema: object, location, pointer };
        this.anchors.set(`${location.resource.uri}#${dynamicAnchor}`, entry);
        location.resource.dynamicAnchors.set(dynamicAnchor, entry);
      }
      if (object.$dynamicRef !== undefined) this.usesDynamicRef = true;
    }
    for (const keyword of singleSchemaKeywords) {
      const child = object[keyword];
      if (typeof child === "object" && child !== null && !Array.isArray(child)) {
        this.walk(child, location, `${pointer}/${keyword}`, false);
      }
    }
    for (const keyword of schemaArrayKeywords) {
      const list = object[keyword];
      if (Array.isArray(list)) {
        for (let index = 0; index < list.length; index++) {
          this.walk(list[index], location, `${pointer}/${keyword}/${index}`, false);
        }
      }
    }
    for (const keyword of schemaMapKeywords) {
      const map = object[keyword];
      if (typeof map !== "object" || map === null || Array.isArray(map)) continue;
      for (const key of Object.keys(map)) {
        this.walk(
          (map as Record<string, unknown>)[key],
          location,
          `${pointer}/${keyword}/${escapePointerSegment(key)}`,
          false,
        );
      }
    }
  }
}
