/** Why a schema could not be compiled. */
export type SchemaErrorCode =
  | "INVALID_SCHEMA"
  | "UNRESOLVED_REF"
  | "INVALID_PATTERN"
  | "UNSUPPORTED_SCHEMA";

// A registry-wide symbol, so two copies of this package still recognise each other's errors.
const schemaErrorBrand = Symbol.for("@toolwright/schema-coerce.SchemaError");

/**
 * A schema that cannot be compiled. The message names the place in the schema as a JSON Pointer
 * fragment (`#/properties/a`).
 */
export class SchemaError extends Error {
  /** What kind of problem the schema has. */
  readonly code: SchemaErrorCode;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: SchemaErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SchemaError";
    this.code = code;
    Object.defineProperty(this, schemaErrorBrand, { value: true });
  }

  /** Whether `value` is a `SchemaError`, also one made by another copy of this package. */
  static isInstance(value: unknown): value is SchemaError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[schemaErrorBrand] === true
    );
  }
}
