// The way back (SPEC §8.3, §8.6): walk the model's value along the *emitted* schema, delete keys
// whose synthetic null-wrapper got `null`, then unwrap a wrapped root. Copy-on-write; a value
// that does not match the emitted schema is left as it is.
import { type CompiledSchema, compile, setDataProperty } from "@toolwright/schema-coerce";
import { isSchemaObject, resolveLocalRef, type SchemaObject } from "./schema-node";

/** A de-normaliser: never throws, never mutates its argument. */
export type Denormalize = (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/** Builds the de-normaliser of one compiled tool. `synthetic` is empty for non-OpenAI-strict. */
export function createDenormalizer(
  emitted: unknown,
  wrapped: boolean,
  synthetic: ReadonlySet<object>,
): Denormalize {
  const validators = new Map<unknown, CompiledSchema | null>();
  const accepts = (branch: unknown, value: unknown): boolean => {
    let validator = validators.get(branch);
    if (validator === undefined) {
      try {
        const definitions = isSchemaObject(emitted)
          ? { $defs: emitted.$defs, definitions: emitted.definitions }
          : {};
        validator = compile({ ...definitions, allOf: [branch] }, { unresolvedRefs: "reject" });
      } catch {
        validator = null;
      }
      validators.set(branch, validator);
    }
    return validator?.check(value) === true;
  };

  const walk = (schema: unknown, value: unknown, depth: number): unknown => {
    if (depth > 256) return value;
    let node = schema;
    for (let hops = 0; hops < 32 && isSchemaObject(node) && typeof node.$ref === "string"; hops++) {
      node = resolveLocalRef(emitted, node.$ref)?.node;
    }
    if (!isSchemaObject(node)) return value;
    if (Array.isArray(node.anyOf)) {
      const branch = synthetic.has(node)
        ? node.anyOf[0]
        : node.anyOf.find((candidate) => accepts(candidate, value));
      return branch === undefined || value === null ? value : walk(branch, value, depth + 1);
    }
    if (isSchemaObject(value) && isSchemaObject(node.properties)) {
      return walkObject(node.properties, value, depth);
    }
    if (Array.isArray(value) && node.items !== undefined && !Array.isArray(node.items)) {
      let copy: unknown[] | undefined;
      value.forEach((entry, index) => {
        const next = walk(node.items, entry, depth + 1);
        if (next !== entry) {
          copy ??= [...value];
          copy[index] = next;
        }
      });
      return copy ?? value;
    }
    return value;
  };

  const walkObject = (
    properties: SchemaObject,
    value: SchemaObject,
    depth: number,
  ): SchemaObject => {
    let copy: SchemaObject | undefined;
    for (const [key, propertySchema] of Object.entries(properties)) {
      if (!Object.hasOwn(value, key)) continue;
      const current = value[key];
      if (current === null && synthetic.has(propertySchema as object)) {
        copy ??= copyObject(value);
        delete copy[key];
        continue;
      }
      const next = walk(propertySchema, current, depth + 1);
      if (next !== current) {
        copy ??= copyObject(value);
        setDataProperty(copy, key, next);
      }
    }
    return copy ?? value;
  };

  return (args) => {
    const walked = synthetic.size > 0 ? walk(emitted, args, 0) : args;
    if (
      wrapped &&
      isSchemaObject(walked) &&
      Object.keys(walked).length === 1 &&
      Object.hasOwn(walked, "input")
    ) {
      const inner = walked.input;
      // The canonical root is a union; what the model sent inside `input` is the argument value.
      return (isSchemaObject(inner) ? inner : walked) as Record<string, unknown>;
    }
    return walked as Record<string, unknown>;
  };
}

function copyObject(value: SchemaObject): SchemaObject {
  const copy: SchemaObject = {};
  for (const [key, entry] of Object.entries(value)) setDataProperty(copy, key, entry);
  return copy;
}
