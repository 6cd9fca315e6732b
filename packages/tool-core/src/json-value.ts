/** A value JSON can carry: what survives `JSON.parse(JSON.stringify(value))` unchanged. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** A JSON object: string keys, JSON values. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
