import { defineConfig, type Options } from "tsup";

/** How every published package is built: ESM with declarations and sourcemaps, for Node 20+. */
export function definePackageBuild(entry: string[]): ReturnType<typeof defineConfig> {
  const options: Options = {
    entry,
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    treeshake: true,
  };
  return defineConfig(options);
}
