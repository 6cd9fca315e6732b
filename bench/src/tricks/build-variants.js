// Builds the two sides of a trick's A/B from the package's current source: `base` (the source as
// it is) and the trick's variant (the source with the trick's patch applied), each bundled by
// esbuild into one ESM file with the package's dependencies left as imports. The bundles go to
// `packages/<pkg>/node_modules/.tricks/`, so those imports resolve to the same installed
// dependencies as the package's own `dist/` (one tool-core for both sides, and for the bench).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** @param {string} pkg */
function tricksFolder(pkg) {
  return join(root, "packages", pkg, "node_modules", ".tricks");
}

/**
 * A file name for a trick id.
 * @param {string} id
 */
function slug(id) {
  return id
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}

/**
 * Copies `src/` of `pkg`, applies `patches`, bundles `src/index.ts`. Returns the bundle's path, or
 * the reason a patch does not apply.
 * @param {string} pkg
 * @param {string} name
 * @param {import("./tricks.js").Patch[]} patches
 * @returns {Promise<{ path: string } | { missing: string }>}
 */
export async function buildVariant(pkg, name, patches) {
  const folder = join(tricksFolder(pkg), slug(name));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  cpSync(join(root, "packages", pkg, "src"), join(folder, "src"), { recursive: true });
  for (const patch of patches) {
    const file = join(folder, patch.file);
    if (!existsSync(file)) return { missing: `${patch.file} is not in this code` };
    const text = readFileSync(file, "utf8");
    const at = text.indexOf(patch.find);
    if (at === -1 || text.indexOf(patch.find, at + 1) !== -1) {
      return {
        missing: `${patch.file} no longer holds ${JSON.stringify(patch.find.slice(0, 60))}`,
      };
    }
    writeFileSync(file, text.slice(0, at) + patch.replace + text.slice(at + patch.find.length));
  }
  const outfile = join(folder, "index.mjs");
  await build({
    entryPoints: [join(folder, "src", "index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    outfile,
    logLevel: "error",
    // The package's compiler settings (tsconfig.base.json): ES2022 class fields.
    tsconfigRaw: { compilerOptions: { target: "ES2022", verbatimModuleSyntax: true } },
  });
  return { path: outfile };
}
