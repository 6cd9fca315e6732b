import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The demo package's folder (where its `package.json` is), found from this module whether it runs
 * built (`dist/`) or from source (`src/`, in the tests). The child scripts live in its `dist/`.
 */
export function findDemoDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(directory, "package.json"))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error("Cannot find the demo's package.json");
    directory = parent;
  }
  return directory;
}
