// Memory per compiled schema: compile N fresh copies, keep every result alive, and divide the
// heap growth (after a full collection on both sides) by N. The copies are made before the first
// collection, so the schema objects themselves are not counted, only what the library builds.

/**
 * @param {() => unknown} copySchema
 * @param {() => (copy: unknown) => unknown} makeCompiler
 * @param {number} count
 * @param {(compiled: unknown) => void} [use] run on every compiled schema before the second
 *   measurement, so that state a library builds on first use is counted too
 * @returns {number} bytes per compiled schema
 */
export function measureMemoryPerSchema(copySchema, makeCompiler, count, use) {
  const collect = /** @type {(() => void) | undefined} */ (globalThis.gc);
  if (collect === undefined) throw new Error("run node with --expose-gc to measure memory");
  const copies = Array.from({ length: count }, copySchema);
  const compileOne = makeCompiler();
  /** @type {unknown[]} */
  const kept = new Array(count);
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < count; index++) kept[index] = compileOne(copies[index]);
  if (use !== undefined) for (const compiled of kept) use(compiled);
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  // Read the kept results after the second measurement so that they stay reachable until then.
  if (kept.length !== count || copies.length !== count) throw new Error("lost compiled schemas");
  return (after - before) / count;
}
