// Passes build new nodes (inlined refs, merged allOfs, the root wrapper); problems and relaxed
// keywords must still point into the canonical schema. These maps remember where a new node,
// or a merged property, came from.

/** Canonical pointers of nodes and properties that a pass created or moved. */
export class SourcePointers {
  readonly #nodes = new WeakMap<object, string>();
  readonly #properties = new WeakMap<object, ReadonlyMap<string, string>>();

  /** Remember that `node` stands for the canonical node at `pointer`. */
  setNode(node: object, pointer: string): void {
    this.#nodes.set(node, pointer);
  }

  /** The canonical pointer `node` stands for, else `fallback`. */
  node(node: unknown, fallback: string): string {
    return typeof node === "object" && node !== null
      ? (this.#nodes.get(node) ?? fallback)
      : fallback;
  }

  /** Remember where each entry of a merged `properties` map came from. */
  setProperties(properties: object, sources: ReadonlyMap<string, string>): void {
    this.#properties.set(properties, sources);
  }

  /** The canonical pointer of property `name` of `properties`, else `fallback`. */
  property(properties: object, name: string, fallback: string): string {
    return this.#properties.get(properties)?.get(name) ?? fallback;
  }
}
