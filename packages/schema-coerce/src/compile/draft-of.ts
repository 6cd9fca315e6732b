import type { SchemaDraft } from "../types";

/** The draft a document declares with `$schema`, or `fallback` when it declares none we know. */
export function draftOf(schema: unknown, fallback: SchemaDraft): SchemaDraft {
  if (typeof schema !== "object" || schema === null) return fallback;
  const declared = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== "string") return fallback;
  if (/draft-0[4-7]\/schema/.test(declared)) return "7";
  if (/draft\/20(19-09|20-12)\/schema/.test(declared)) return "2020-12";
  return fallback;
}
