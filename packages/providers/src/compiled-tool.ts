/** Why a schema node keeps a tool out of strict mode. `pointer` points into the canonical schema. */
export interface SchemaProblem {
  readonly pointer: string;
  readonly keyword: string;
  /**
   * `limit:<name>`, `budget:<strict-tools|optional-params|union-params>`, `open-object`, `untyped`,
   * `tuple`, `array-without-items`, `non-mergeable-allOf`, `external-ref`, `dynamic-ref`,
   * `nested-id`, `recursive` or `unknown-null`.
   */
  readonly reason: string;
}

/**
 * A keyword the dialect cannot enforce: removed from its node and written into the node's
 * description. `schemaPath` is a JSON Pointer to the node in the canonical schema.
 */
export interface RelaxedKeyword {
  readonly schemaPath: string;
  readonly keyword: string;
  readonly value: unknown;
}

/** One tool as a dialect sees it, and the way back from the model's arguments to canonical ones. */
export interface CompiledTool {
  /** The canonical name (the registry's). */
  readonly name: string;
  /** The name sent to the provider. */
  readonly providerName: string;
  /** `false` for a declaration kept only to map old calls back (a removed tool). */
  readonly inRequest: boolean;
  readonly strictRequested: boolean;
  /** Whether the tool went out strict (Gemini: the request asks for validated calls). */
  readonly strict: boolean;
  /** Non-empty iff strict was requested and refused: every problem found. */
  readonly downgrade: readonly SchemaProblem[];
  readonly relaxed: readonly RelaxedKeyword[];
  /** Exactly the schema sent; `undefined` when the field was omitted. */
  readonly parameters: unknown;
  /**
   * Turns arguments valid for the sent schema back into arguments for the canonical schema
   * (drops the `null`s strict mode made the model send, unwraps a wrapped root). Never throws,
   * never mutates its input (copy-on-write).
   */
  denormalize(args: Readonly<Record<string, unknown>>): Record<string, unknown>;
}
