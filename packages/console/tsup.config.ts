import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Options } from "tsup";
import { definePackageBuild } from "../../tsup.shared";

/** `import text from "./file?raw"`: the file's content as a string (vitest does the same). */
const rawImports: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "raw-imports",
  setup(build) {
    // The path keeps its "?raw", so that no plugin for the file's own type (CSS) takes it.
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: join(args.resolveDir, args.path),
      namespace: "raw",
    }));
    build.onLoad({ filter: /.*/, namespace: "raw" }, async (args) => ({
      contents: await readFile(args.path.slice(0, -"?raw".length), "utf8"),
      loader: "text",
    }));
  },
};

const options: Options = {
  ...(definePackageBuild(["src/index.ts", "src/node.ts", "src/cli.ts"]) as Options),
  esbuildPlugins: [rawImports],
};

export default options;
