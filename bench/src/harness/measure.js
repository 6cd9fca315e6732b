// Timing helpers over tinybench. Every measured function runs a batch of calls per tinybench
// iteration, so the timer's own cost (tens of nanoseconds per sample) is spread over the batch
// instead of dominating sub-microsecond calls; the reported figure is the median sample divided
// by the batch size.
import { Bench } from "tinybench";

/** Where results go so that the JIT cannot drop a call whose result is unused. */
let sink = 0;

/**
 * Folds a call's result into the sink.
 * @param {unknown} value
 */
export function consume(value) {
  sink = (sink + (value === undefined ? 1 : typeof value === "object" ? 2 : 3)) | 0;
}

/** @returns {number} the sink, so that it is observably used */
export function readSink() {
  return sink;
}

/**
 * @typedef {object} MeasureOptions
 * @property {number} [time] timed budget per task in milliseconds
 * @property {number} [batch] calls per tinybench iteration
 * @property {number} [iterations] an exact number of samples instead of a time budget, for
 *   measurements whose input changes with every sample (a transcript that grows)
 * @property {"wall" | "cpu"} [clock] `"cpu"` times a sample by the CPU time of this process (all
 *   its threads, the garbage collector's included) instead of the wall clock, so time the process
 *   spent descheduled on a loaded machine is not counted; for samples of milliseconds
 */

/** @type {{ time: number }} */
export const defaults = { time: 250 };

/**
 * Measures a synchronous call over a pool of inputs made outside the clock.
 *
 * @template T
 * @param {string} name
 * @param {(input: T) => unknown} call
 * @param {() => T[]} makePool fresh, independent inputs; called again when a pool is used up and
 *   `mutates` is set, so a library that writes into its input never sees an already-written one
 * @param {MeasureOptions & { mutates?: boolean, beforeEach?: () => void }} [options]
 * @returns {number} nanoseconds per call (median)
 */
export function measureSync(name, call, makePool, options = {}) {
  const batch = options.batch ?? 32;
  let pool = makePool();
  let cursor = 0;
  const bench = new Bench(benchOptions(options));
  bench.add(
    name,
    () => {
      for (let index = 0; index < batch; index++) {
        consume(call(/** @type {T} */ (pool[cursor + index])));
      }
      cursor += batch;
    },
    {
      beforeEach() {
        options.beforeEach?.();
        if (cursor + batch > pool.length) {
          if (options.mutates === true) pool = makePool();
          cursor = 0;
        }
      },
    },
  );
  bench.runSync();
  return medianNanoseconds(bench, batch);
}

/**
 * Measures an asynchronous operation; `run` does `batch` units of work per iteration.
 *
 * @param {string} name
 * @param {() => Promise<unknown>} run
 * @param {MeasureOptions & { beforeEach?: () => void }} [options]
 * @returns {Promise<number>} nanoseconds per unit (median)
 */
export async function measureAsync(name, run, options = {}) {
  const batch = options.batch ?? 1;
  const bench = new Bench(benchOptions(options));
  const hooks = options.beforeEach === undefined ? {} : { beforeEach: options.beforeEach };
  bench.add(name, run, hooks);
  await bench.run();
  return medianNanoseconds(bench, batch);
}

/** Milliseconds of CPU time this process has used, user and system, every thread. */
function cpuNow() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** @param {MeasureOptions} options */
function benchOptions(options) {
  const clock = options.clock === "cpu" ? { now: cpuNow } : {};
  if (options.iterations !== undefined) {
    return { time: 0, iterations: options.iterations, warmup: false, throws: true, ...clock };
  }
  const time = options.time ?? defaults.time;
  return { time, warmupTime: time / 4, throws: true, iterations: 16 };
}

/**
 * @param {Bench} bench
 * @param {number} batch
 */
function medianNanoseconds(bench, batch) {
  const task = bench.tasks[0];
  const result = task?.result;
  if (result === undefined || !("latency" in result)) {
    throw new Error(`benchmark ${task?.name ?? "?"} did not complete`);
  }
  return (result.latency.p50 * 1e6) / batch;
}

/**
 * Runs every measurement `rounds` times, the tasks interleaved round by round, and keeps each
 * task's fastest round: on a shared machine a burst of someone else's work then spoils one round
 * of every task instead of every round of one task.
 *
 * @template {string} K
 * @param {Record<K, () => number | Promise<number>>} tasks
 * @param {number} rounds
 * @returns {Promise<Record<K, number>>}
 */
export async function interleave(tasks, rounds) {
  /** @type {Record<string, number>} */
  const best = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, task] of Object.entries(tasks)) {
      const value = await /** @type {() => number | Promise<number>} */ (task)();
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, value);
    }
  }
  return /** @type {Record<K, number>} */ (best);
}
