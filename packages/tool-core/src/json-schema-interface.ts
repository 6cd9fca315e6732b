/**
 * A JSON Schema typed as an interface, such as `JSONSchema7` from `@types/json-schema` or a
 * generated type. TypeScript gives an interface no implicit index signature, so such a value is
 * not assignable to `JsonSchemaObject` (`{ [keyword: string]: unknown }`); this type lists the
 * usual keywords instead, all optional. Any object type that has at least one of them matches (an
 * object with none of them is rejected, as TypeScript does for every all-optional type).
 */
export interface JsonSchemaInterface {
  readonly $schema?: unknown;
  readonly $id?: unknown;
  readonly $ref?: unknown;
  readonly $defs?: unknown;
  readonly definitions?: unknown;
  readonly type?: unknown;
  readonly properties?: unknown;
  readonly required?: unknown;
  readonly additionalProperties?: unknown;
  readonly items?: unknown;
  readonly enum?: unknown;
  readonly const?: unknown;
  readonly anyOf?: unknown;
  readonly oneOf?: unknown;
  readonly allOf?: unknown;
  readonly not?: unknown;
  readonly title?: unknown;
  readonly description?: unknown;
}
