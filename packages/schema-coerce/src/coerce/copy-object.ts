/** A shallow copy of a plain object: every own enumerable key, in order, as data. */
export type CopyObject = (source: Record<string, unknown>) => Record<string, unknown>;

// V8 copies `{ ...source }` quickly only where that spread has met few object shapes; a single
// spread shared by every schema node meets the shapes of all of them and falls back to a generic
// copy several times slower (about 9x for a 30-key object). These identical functions are
// separate spreads, each keeping its own record of the shapes it has met, so dealing them out
// to schema nodes in turn leaves each one a few shapes. A spread (not `Object.assign`) defines
// each key, so a `__proto__` key is copied as plain data.
const copiers: readonly CopyObject[] = [
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
  (source) => ({ ...source }),
];

let nextCopier = 0;

/** The copier of a node whose walks never copy an object (so its copier is never called). */
export const copyWithoutWalk: CopyObject = (source) => ({ ...source });

/** The object copier for one more schema node: the next of the identical copiers, in turn. */
export function dealObjectCopier(): CopyObject {
  const copier = copiers[nextCopier] as CopyObject;
  nextCopier = (nextCopier + 1) % copiers.length;
  return copier;
}
