// Bundle size as a browser app would ship it: the library's entry bundled with esbuild (minified,
// ESM, browser platform, everything it imports included), then gzipped.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const benchDirectory = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * @param {string} contents an ES module that re-exports what is measured
 * @returns {Promise<{ minified: number, gzipped: number }>}
 */
export async function measureBundle(contents) {
  const output = await build({
    stdin: { contents, resolveDir: benchDirectory, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const code = output.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}

/** The entries measured, each an ES module re-exporting one library's public entry. */
export const bundleEntries = [
  {
    label: "schema-coerce (ours, whole entry incl. formats)",
    ours: true,
    contents: `export * from ${JSON.stringify(resolve(benchDirectory, "../packages/schema-coerce/dist/index.js"))};`,
  },
  {
    label: "schema-coerce, compile only (tree-shaken)",
    ours: false,
    contents: `export { compile } from ${JSON.stringify(resolve(benchDirectory, "../packages/schema-coerce/dist/index.js"))};`,
  },
  {
    label: "@earendil-works/pi-schema, compile only (tree-shaken)",
    ours: false,
    contents: 'export { compile } from "@earendil-works/pi-schema";',
  },
  {
    label: "@earendil-works/pi-schema",
    ours: false,
    contents: 'export * from "@earendil-works/pi-schema";',
  },
  {
    label: "@earendil-works/pi-schema + formats",
    ours: false,
    contents:
      'export * from "@earendil-works/pi-schema"; export * from "@earendil-works/pi-schema/formats";',
  },
  { label: "ajv (Ajv 2020)", ours: false, contents: 'export { default } from "ajv/dist/2020.js";' },
  {
    label: "ajv (Ajv 2020) + ajv-formats",
    ours: false,
    contents:
      'export { default } from "ajv/dist/2020.js"; export { default as addFormats } from "ajv-formats";',
  },
  {
    label: "@cfworker/json-schema",
    ours: false,
    contents: 'export * from "@cfworker/json-schema";',
  },
  {
    label: "@sinclair/typebox compiler + value",
    ours: false,
    contents:
      'export * from "@sinclair/typebox/compiler"; export { Value } from "@sinclair/typebox/value";',
  },
];
