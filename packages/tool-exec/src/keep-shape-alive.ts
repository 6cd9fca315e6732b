/**
 * Keeps the hidden class of a per-call or per-batch class alive for the life of the process.
 *
 * Why: V8 reaches the final shape of a class instance through map transitions (one per field),
 * and a transition tree holds those maps only weakly. When every instance is garbage — between two
 * batches, after a full GC — the maps die, and all optimized code that embeds them is thrown away
 * ("deoptimization, reason: weak objects") and must warm up again on the next batch. Measured on a
 * 1,000-call batch with a full GC before each sample, that made the executor 2–3× slower than
 * without the GC. Holding one instance made after in-object slack tracking finished (V8 shrinks
 * instances after the first few allocations, which changes the map) pins the shape every later
 * instance shares.
 */
const keptAlive: unknown[] = [];

/** Slack tracking ends after 7 allocations in V8; a few more leave room for future versions. */
const ALLOCATIONS_BEFORE_FINAL_SHAPE = 12;

/** Makes instances with `create` until their shape is final, and keeps the last one forever. */
export function keepShapeAlive(create: () => unknown): void {
  let instance: unknown;
  for (let index = 0; index < ALLOCATIONS_BEFORE_FINAL_SHAPE; index++) instance = create();
  keptAlive.push(instance);
}
