// The packages this repository publishes: every `packages/*` whose package.json is not private.
// The docs, the first-release fold and the release rehearsal all ask this one place, so a package
// added under packages/ is documented, folded and rehearsed without a list to update.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @typedef {object} PublishedPackage
 * @property {string} name         the npm name, e.g. `@toolwright/tool-core`
 * @property {string} directory    absolute path of the package folder
 * @property {string} folder       the folder's name under packages/, e.g. `tool-core`
 * @property {Record<string, any>} manifest  its package.json
 * @property {{ subpath: string, types: string, source: string }[]} entries  one per `exports`
 *   subpath with types: `.` or `./node`, the declaration file in dist/, the source file in src/
 */

/** Every published package under `root/packages`, sorted by folder name. */
export function listPublishedPackages(root) {
  const packagesDirectory = join(root, "packages");
  return readdirSync(packagesDirectory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((folder) => existsSync(join(packagesDirectory, folder, "package.json")))
    .sort()
    .map((folder) => {
      const directory = join(packagesDirectory, folder);
      const manifest = JSON.parse(readFileSync(join(directory, "package.json"), "utf8"));
      return { name: manifest.name, directory, folder, manifest, entries: listEntries(manifest) };
    })
    .filter((pkg) => pkg.manifest.private !== true);
}

/** The subpaths of an `exports` map that carry types, with the source file each is built from. */
function listEntries(manifest) {
  const exportsMap = manifest.exports ?? {};
  const entries = [];
  for (const [subpath, target] of Object.entries(exportsMap)) {
    const types = typeof target === "object" && target !== null ? target.types : undefined;
    if (typeof types !== "string") continue;
    // tsup builds dist/<name>.d.ts from src/<name>.ts (tsup.shared.ts): the mapping is by name.
    const match = /^\.\/dist\/(.+)\.d\.ts$/.exec(types);
    if (match === null)
      throw new Error(
        `${manifest.name}: exports["${subpath}"].types is ${types}, not ./dist/<name>.d.ts`,
      );
    entries.push({ subpath, types: types.slice(2), source: `src/${match[1]}.ts` });
  }
  return entries;
}
