/**
 * A TypeBox (0.34) schema, recognised by its shape: TypeBox types every schema with the fields
 * `static` (the value type) and `params`, which exist only in its types. Recognising the shape
 * instead of importing TypeBox's `TSchema` keeps these declarations free of any
 * `@sinclair/typebox` import, so projects without TypeBox (an optional peer) type-check too.
 */
export interface TypeBoxSchema {
  /** The schema's value type; a type-level field, absent at run time. */
  readonly static: unknown;
  /** Type parameters of generic schemas; a type-level field, absent at run time. */
  readonly params: readonly unknown[];
}

/** The value type of a TypeBox schema: what TypeBox's own `Static<T>` gives. */
export type TypeBoxStatic<TTypeBox extends TypeBoxSchema> = (TTypeBox & { params: [] })["static"];
