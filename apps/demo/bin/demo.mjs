#!/usr/bin/env node
// `pnpm demo` from anywhere in the repository. The root package.json has no `demo` script on
// purpose: pnpm prints a `> script` banner to stdout before every script, which would break
// `pnpm demo --json | jq`. With no script of that name pnpm runs this bin instead (linked into the
// root's node_modules/.bin through the root's devDependency on @toolwright/demo), in the
// caller's directory, with no banner.
//
// It builds the demo and the workspace packages it uses only when a source is newer than its
// build (turbo, with every byte of its output on stderr), then runs dist/main.js in this process.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const demoDirectory = dirname(dirname(fileURLToPath(import.meta.url)));
const rootDirectory = dirname(dirname(demoDirectory));
const rootInputs = ["tsconfig.base.json", "tsup.shared.ts"].map((name) =>
  join(rootDirectory, name),
);

/** The workspace packages by name, read from the folders pnpm-workspace.yaml lists. */
function readWorkspacePackages() {
  const packages = new Map();
  for (const group of ["packages", "apps"]) {
    const groupDirectory = join(rootDirectory, group);
    if (!existsSync(groupDirectory)) continue;
    for (const entry of readdirSync(groupDirectory, { withFileTypes: true })) {
      const manifestPath = join(groupDirectory, entry.name, "package.json");
      if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      packages.set(manifest.name, { directory: join(groupDirectory, entry.name), manifest });
    }
  }
  return packages;
}

/** The demo and every workspace package it depends on, directly or not. */
function collectDemoPackages(packages) {
  const found = new Map();
  const visit = (name) => {
    const workspacePackage = packages.get(name);
    if (workspacePackage === undefined || found.has(name)) return;
    found.set(name, workspacePackage);
    const { dependencies = {}, peerDependencies = {} } = workspacePackage.manifest;
    for (const [dependency, range] of Object.entries({ ...peerDependencies, ...dependencies })) {
      if (String(range).startsWith("workspace:")) visit(dependency);
    }
  };
  visit("@toolwright/demo");
  return [...found.values()];
}

function newestModification(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    // Tests are not part of the build: editing one must not cost a rebuild.
    if (/\.test(-d)?\.ts$/.test(entry)) continue;
    newest = Math.max(newest, newestModification(join(path, entry)));
  }
  return newest;
}

function builtEntry({ directory, manifest }) {
  return join(directory, manifest.name === "@toolwright/demo" ? "dist/main.js" : "dist/index.js");
}

/** True when a package has no build, or a source, manifest or build config is newer than it. */
function needsBuild(workspacePackage) {
  const { directory } = workspacePackage;
  const built = statSync(builtEntry(workspacePackage), { throwIfNoEntry: false });
  if (built === undefined) return true;
  const inputs = [
    join(directory, "src"),
    join(directory, "package.json"),
    join(directory, "tsconfig.json"),
    join(directory, "tsup.config.ts"),
    ...rootInputs,
  ];
  return inputs.some((input) => newestModification(input) > built.mtimeMs);
}

const demoPackages = collectDemoPackages(readWorkspacePackages());
if (demoPackages.some(needsBuild)) {
  process.stderr.write("toolwright-demo: building the demo and its packages (sources changed)…\n");
  const turbo = join(rootDirectory, "node_modules", ".bin", "turbo");
  const build = spawnSync(
    turbo,
    ["run", "build", "--filter=@toolwright/demo...", "--output-logs=errors-only"],
    // stdout goes to our stderr: nothing but the demo's own output may reach stdout.
    { cwd: rootDirectory, stdio: ["ignore", 2, 2] },
  );
  if (build.error !== undefined) {
    process.stderr.write(`toolwright-demo: could not run turbo: ${build.error.message}\n`);
    process.exit(1);
  }
  if (build.status !== 0) process.exit(build.status ?? 1);
  // A turbo cache hit leaves (or restores) dist/ with its old times, which would look stale again
  // next time if only a source's time changed (a checkout, a touch): mark the builds as current.
  const now = new Date();
  for (const workspacePackage of demoPackages) utimesSync(builtEntry(workspacePackage), now, now);
}

// pnpm runs a bin in the caller's directory; a script (`pnpm --filter @toolwright/demo start`)
// runs in the package folder and says where the caller was in INIT_CWD.
if (process.env.npm_lifecycle_event === "start" && process.env.INIT_CWD !== undefined) {
  process.chdir(process.env.INIT_CWD);
}
await import(pathToFileURL(join(demoDirectory, "dist", "main.js")).href);
