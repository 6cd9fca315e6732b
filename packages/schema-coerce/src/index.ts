// The public API of this package: explicit named exports only.

export { setDataProperty } from "./coerce/set-data-property";
export { compile } from "./compile";
export { formatIssuePath } from "./format-issue-path";
export { formats } from "./formats";
export { getValidator } from "./get-validator";
export { SchemaError, type SchemaErrorCode } from "./schema-error";
export { toJsonPointer } from "./to-json-pointer";
export type {
  CoercionChange,
  CoercionMode,
  CoercionRule,
  CompiledSchema,
  CompileOptions,
  FormatCheck,
  InferSchema,
  JsonSchema,
  JsonSchemaObject,
  ParseFailure,
  ParseResult,
  ParseSuccess,
  PatternMatcher,
  SchemaDraft,
  SchemaIssue,
} from "./types";
