declare const seamType: unique symbol;

/**
 * A replaceable capability a tool uses — the environment, a clock, a file system, an HTTP client.
 * A tool declares the seams it uses; the run provides implementations (real ones in production,
 * fakes in tests), and the tool reaches them through `context.use(seam)`.
 */
export interface Seam<T> {
  /** A name for messages: `Seam <name> is not provided`. */
  readonly name: string;
  /** Phantom: the implementation's type. Never present at run time. */
  readonly [seamType]?: T;
}

/** A seam paired with its implementation. */
export type SeamBinding<T = unknown> = readonly [seam: Seam<T>, implementation: T];

/**
 * Implementations for seams, as the executor's `seams` option takes them: a list of pairs
 * (`[[EnvSeam, processEnv]]`, best built with {@link provideSeam} so the pair is type-checked) or a
 * `Map` from seam to implementation.
 */
export type SeamImplementations =
  | Iterable<SeamBinding<unknown>>
  | ReadonlyMap<Seam<unknown>, unknown>;

/**
 * Declares a seam. Seams are compared by identity, so define each once and export it.
 *
 * @example
 * ```ts
 * export const ClockSeam = defineSeam<{ now(): number }>("clock");
 * ```
 */
export function defineSeam<T>(name: string): Seam<T> {
  return Object.freeze({ name });
}

/** Pairs a seam with its implementation, type-checked: `seams: [provideSeam(ClockSeam, clock)]`. */
export function provideSeam<T>(seam: Seam<T>, implementation: T): SeamBinding<T> {
  return [seam, implementation];
}
