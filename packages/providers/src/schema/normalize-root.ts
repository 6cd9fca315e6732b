// Pass 0 (SPEC §8.2): every dialect, strict or not, gets a root that is an object schema with
// `properties` and `required`. Unions at the root are wrapped in `{input: …}`.
import { setDataProperty } from "@toolwright/schema-coerce";
import { ProviderError } from "../provider-error";
import { mergeAllOf } from "./merge-all-of";
import { isSchemaObject, readTypes, resolveLocalRef, type SchemaObject } from "./schema-node";
import { SourcePointers } from "./source-pointers";

/** The root after Pass 0, whether it was wrapped, and where its nodes came from. */
export interface NormalizedRoot {
  readonly schema: SchemaObject;
  /** The canonical value travels as `{input: value}`; the de-normaliser unwraps it. */
  readonly wrapped: boolean;
  readonly sources: SourcePointers;
}

/** Pass 0 over a tool's canonical `parameters`. Throws `UNSUPPORTED_SCHEMA` for a non-object root. */
export function normalizeRoot(
  toolName: string,
  parameters: unknown,
  closeMerged: boolean,
): NormalizedRoot {
  const sources = new SourcePointers();
  if (parameters === true || parameters === undefined) {
    return { schema: { type: "object", properties: {}, required: [] }, wrapped: false, sources };
  }
  if (!isSchemaObject(parameters)) {
    throw unsupported(toolName, "the root schema accepts no object");
  }
  let root: SchemaObject = parameters;
  const seenRefs = new Set<string>();
  while (typeof root.$ref === "string") {
    const target = resolveLocalRef(parameters, root.$ref);
    if (target === undefined || !isSchemaObject(target.node) || seenRefs.has(target.pointer)) {
      throw unsupported(
        toolName,
        `the root $ref ${JSON.stringify(root.$ref)} does not resolve to a schema`,
      );
    }
    seenRefs.add(target.pointer);
    root = inlineRootRef(root, target.node);
    sources.setNode(root, target.pointer);
  }
  const types = readTypes(root);
  if (types.length > 0 && !types.includes("object")) {
    throw unsupported(toolName, `the root type ${JSON.stringify(root.type)} accepts no object`);
  }
  if (Array.isArray(root.allOf)) {
    const merged = mergeAllOf(root, sources.node(root, ""), parameters, closeMerged);
    if (merged === undefined) return wrapRoot(root, sources);
    sources.setProperties(merged.node.properties as object, merged.propertySources);
    sources.setNode(merged.node, sources.node(root, ""));
    root = merged.node;
  }
  if (
    root.anyOf !== undefined ||
    root.oneOf !== undefined ||
    types.length > 1 ||
    root.enum !== undefined ||
    root.const !== undefined
  ) {
    return wrapRoot(root, sources);
  }
  return { schema: completeObject(root, sources), wrapped: false, sources };
}

function inlineRootRef(root: SchemaObject, target: SchemaObject): SchemaObject {
  const result: SchemaObject = {};
  for (const [key, value] of Object.entries(root)) {
    if (key !== "$ref") {
      setDataProperty(result, key, value);
      continue;
    }
    for (const [targetKey, targetValue] of Object.entries(target)) {
      if (!Object.hasOwn(root, targetKey) && targetKey !== "$defs" && targetKey !== "definitions") {
        setDataProperty(result, targetKey, targetValue);
      }
    }
  }
  return result;
}

function completeObject(root: SchemaObject, sources: SourcePointers): SchemaObject {
  const hasType = root.type !== undefined;
  if (hasType && Object.hasOwn(root, "properties") && Object.hasOwn(root, "required")) return root;
  const result: SchemaObject = { ...root };
  if (!hasType) setDataProperty(result, "type", "object");
  if (!Object.hasOwn(root, "properties")) setDataProperty(result, "properties", {});
  if (!Object.hasOwn(root, "required")) setDataProperty(result, "required", []);
  sources.setNode(result, sources.node(root, ""));
  return result;
}

function wrapRoot(root: SchemaObject, sources: SourcePointers): NormalizedRoot {
  const input: SchemaObject = {};
  for (const [key, value] of Object.entries(root)) {
    if (key !== "description" && key !== "$defs" && key !== "definitions")
      setDataProperty(input, key, value);
  }
  sources.setNode(input, sources.node(root, ""));
  const schema: SchemaObject = { type: "object" };
  if (root.description !== undefined) schema.description = root.description;
  schema.properties = { input };
  schema.required = ["input"];
  schema.additionalProperties = false;
  if (root.$defs !== undefined) schema.$defs = root.$defs;
  if (root.definitions !== undefined) schema.definitions = root.definitions;
  return { schema, wrapped: true, sources };
}

function unsupported(toolName: string, why: string): ProviderError {
  return new ProviderError("UNSUPPORTED_SCHEMA", `Tool "${toolName}": ${why}`);
}
