// The Toolwright packages are measured as they are: a package that is not built yet, or that does
// not export what a part needs, turns its column into "n/a" with the reason, instead of failing
// the whole run.

/**
 * Imports a package and checks that it has the named exports.
 *
 * @param {string} specifier
 * @param {string[]} names exports the caller needs, each a function or class
 * @returns {Promise<{ module: Record<string, any> } | { missing: string }>}
 */
export async function loadPackage(specifier, names) {
  /** @type {Record<string, any>} */
  let module;
  try {
    module = await import(specifier);
  } catch (error) {
    return { missing: `${specifier} does not load (${describe(error)})` };
  }
  const absent = names.filter((name) => typeof module[name] !== "function");
  if (absent.length > 0) {
    return { missing: `${specifier} has no ${absent.join(", ")} yet` };
  }
  return { module };
}

/**
 * The named export of a loaded package, or the reason it is not there.
 *
 * @param {{ module: Record<string, any> } | { missing: string }} loaded
 * @param {string} name
 * @returns {{ value: any } | { missing: string }}
 */
export function pickExport(loaded, name) {
  if ("missing" in loaded) return loaded;
  const value = loaded.module[name];
  return typeof value === "function" ? { value } : { missing: `no ${name} export yet` };
}

/** @param {unknown} error */
function describe(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}
