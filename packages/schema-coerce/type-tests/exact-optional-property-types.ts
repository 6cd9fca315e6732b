/**
 * Compiled by `tsconfig.exact.json` with `exactOptionalPropertyTypes: true` (what a default
 * `tsc --init` project turns on): a consumer passes `T | undefined` values to the optional fields of
 * `CompileOptions`, as code that forwards its own optional settings does. The assignment below
 * fails to compile where an optional property is declared without `| undefined`.
 */
import {
  type CoercionMode,
  type CompileOptions,
  compile,
  type FormatCheck,
  getValidator,
  type PatternMatcher,
  type SchemaDraft,
} from "../src/index";

declare const maybeDraft: SchemaDraft | undefined;
declare const maybeFormats: true | Readonly<Record<string, FormatCheck>> | undefined;
declare const maybeCoerce: CoercionMode | boolean | undefined;
declare const maybeBoolean: boolean | undefined;
declare const maybeRegExp: ((source: string) => PatternMatcher) | undefined;

const options: CompileOptions = {
  draft: maybeDraft,
  formats: maybeFormats,
  schemas: undefined,
  unresolvedRefs: maybeBoolean === true ? "reject" : undefined,
  coerce: maybeCoerce,
  removeAdditional: maybeBoolean,
  parseJsonStrings: maybeBoolean,
  requireClosedObjects: maybeBoolean,
  regExp: maybeRegExp,
};

const schema = { type: "object", properties: { n: { type: "number" } } } as const;
export const compiled = compile(schema, options);
export const cached = getValidator(schema, { coerce: maybeCoerce });
