#!/usr/bin/env node
// What the package READMEs promise before anything is published: `pnpm pack` a package and its
// workspace dependencies, `npm install` the tarballs into a project outside the repository, and
// import it with plain Node. Run by `pnpm test` after the build (a few seconds, no network: npm
// runs with --offline, and the TypeBox peer comes from this repository's install).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// Every package's tarball must carry these files; the two installed below are enough to prove
// the install path the READMEs describe.
const packages = readdirSync(join(root, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const installed = ["schema-coerce", "tool-core"];
const requiredFiles = [
  "package/LICENSE",
  "package/README.md",
  "package/dist/index.js",
  "package/dist/index.d.ts",
];

/** pnpm as the caller ran it (`npx pnpm@…` leaves none on PATH for children otherwise). */
function pnpm(args, cwd) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: run by the root script, never by turbo
  const execPath = process.env.npm_execpath;
  const [command, prefix] =
    execPath !== undefined && /pnpm\.c?js$/.test(execPath)
      ? [process.execPath, [execPath]]
      : ["pnpm", []];
  return execFileSync(command, [...prefix, ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const directory = mkdtempSync(join(tmpdir(), "toolwright-packed-install-"));
try {
  const packs = join(directory, "packs");
  for (const name of packages) {
    pnpm(["pack", "--pack-destination", packs], join(root, "packages", name));
  }
  const allTarballs = readdirSync(packs).map((file) => join(packs, file));
  for (const tarball of allTarballs) {
    const listed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
    const missing = requiredFiles.filter((file) => !listed.includes(file));
    if (missing.length > 0) throw new Error(`${tarball} lacks ${missing.join(", ")}`);
  }
  const tarballs = allTarballs.filter((tarball) =>
    installed.some((name) => basename(tarball).startsWith(`toolwright-${name}-`)),
  );
  if (tarballs.length !== installed.length)
    throw new Error(`expected tarballs of ${installed.join(", ")} in ${allTarballs.join(", ")}`);

  const project = join(directory, "project");
  execFileSync("mkdir", [project]);
  writeFileSync(
    join(project, "package.json"),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  const typebox = realpathSync(
    join(root, "packages", "tool-core", "node_modules", "@sinclair", "typebox"),
  );
  execFileSync(
    "npm",
    ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs, typebox],
    {
      cwd: project,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  writeFileSync(
    join(project, "check.mjs"),
    `import { defineTool, parseToolCallArguments, validateToolArguments } from "@toolwright/tool-core";
import { getValidator } from "@toolwright/schema-coerce";
const tool = defineTool({
  name: "read_file",
  description: "Read a file",
  parameters: { type: "object", properties: { path: { type: "string" }, offset: { type: "integer" } }, required: ["path"] },
  execute: async () => ({ content: [] }),
});
const { arguments: args } = parseToolCallArguments('{"path":"a.txt","offset":"10"}');
const params = validateToolArguments(tool, { type: "toolCall", id: "call_1", name: "read_file", arguments: args });
const errors = getValidator({ type: "integer", minimum: 0 }).errors(-1);
process.stdout.write(JSON.stringify({ params, errors }));
`,
  );
  const output = execFileSync(process.execPath, ["check.mjs"], {
    cwd: project,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const expected = JSON.stringify({
    params: { path: "a.txt", offset: 10 },
    errors: [{ path: "", keyword: "minimum", message: "expected >= 0" }],
  });
  if (output !== expected)
    throw new Error(`the installed packages answered ${output}, expected ${expected}`);
} catch (error) {
  process.stderr.write(
    `check-packed-install: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
