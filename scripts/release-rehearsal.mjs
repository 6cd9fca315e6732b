#!/usr/bin/env node
// The release, rehearsed for real (RELEASING.md): run by `.ci/run` after the test line, and by
// `pnpm release:rehearse`. Nothing here touches the repository or the real registry.
//
//  1. Copies the repository (tracked and new files, as git sees them) to a temporary folder, makes
//     it a git repository of its own and installs it from the lockfile.
//  2. First-release changesets: the check is shown to refuse a first-release changeset turned
//     `major` (0.0.0 → 1.0.0), then `pnpm version-packages` — the repository's own script: the
//     fold (scripts/fold-first-release.mjs --fold removes the development changesets and keeps
//     each package's hand-written `<folder>-first-release.md`), the check and the real `changeset
//     version` — must give every published package 0.1.0 and a CHANGELOG whose 0.1.0 entry is
//     that first-release text.
//  3. Starts Verdaccio (scripts/verdaccio, installed there on first use) on 127.0.0.1, serving the
//     `@toolwright` scope itself and proxying every other package to registry.npmjs.org, and runs
//     the repository's own `pnpm release` against it.
//  4. Checks every published tarball: version 0.1.0, LICENSE, README.md, the declaration file of
//     every `exports` entry, and no `workspace:` range left in its package.json.
//  5. For each package, a fresh project outside the repository whose .npmrc sends only the
//     `@toolwright` scope to Verdaccio: `npm install @toolwright/<name>`, checks every
//     `@toolwright` package of the lockfile came from Verdaccio, prints the install's size and
//     package count, then runs the first ```ts or ```js block of the installed README (the one
//     users read on npm), transpiled with TypeScript, after installing what the README's own
//     `npm install` lines above it name and what it imports, at the versions this repository
//     tests with.
//
// Verdaccio is stopped on every exit, including Ctrl-C. Exit 1 lists every problem found.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { listPublishedPackages } from "./lib/published-packages.mjs";

const VERDACCIO_VERSION = "6.8.0";
const RELEASE_VERSION = "0.1.0";
const SCOPE = "@toolwright";
const EXAMPLE_TIMEOUT_MS = 120_000;

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const started = performance.now();
const phases = [];
const problems = [];
const work = mkdtempSync(join(tmpdir(), "toolwright-release-"));
let registryProcess;

process.on("exit", () => {
  stopRegistry();
  // A failed run keeps its folder (the copy, Verdaccio's log and storage, the projects) to look at.
  if (process.exitCode === 1) process.stderr.write(`release rehearsal: kept ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    process.stderr.write(`release rehearsal: ${signal}, stopping\n`);
    process.exit(130);
  });
}

try {
  await rehearse();
} catch (error) {
  const cause =
    error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  problems.push(`${error instanceof Error ? error.message : String(error)}${cause}`);
}
// Verdaccio's child process keeps the event loop alive: stop it here, or the `exit` handler that
// would stop it never comes and the rehearsal hangs after its summary.
stopRegistry();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `release rehearsal took ${seconds} s (${phases.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(", ")})\n`,
);
if (problems.length > 0) {
  process.stderr.write(
    `release rehearsal FAILED:\n${problems.map((problem) => `  - ${problem}`).join("\n")}\n`,
  );
  process.exitCode = 1;
}

async function rehearse() {
  const packages = listPublishedPackages(root);
  const copy = join(work, "repository");

  await phase("copy and install", () => {
    copyRepository(copy);
    git(copy, ["init", "-q", "-b", "main"]);
    git(copy, ["add", "-A"]);
    git(copy, ["commit", "-q", "--no-verify", "-m", "release rehearsal"]);
    run(pnpmCommand(), [...pnpmPrefix(), "install", "--frozen-lockfile", "--prefer-offline"], {
      cwd: copy,
    });
  });

  await phase("changeset version", () => versionPackages(copy, packages));

  const registry = await phase("start Verdaccio", () => startRegistry());

  await phase("pnpm release", () => {
    const npmrc = join(work, "publish.npmrc");
    writeFileSync(npmrc, `registry=${registry.url}\n${authLine(registry)}\n`);
    const output = run(pnpmCommand(), [...pnpmPrefix(), "release"], {
      cwd: copy,
      log: join(work, "release.log"),
      env: {
        ...process.env,
        PATH: pathWithPnpm(),
        npm_config_userconfig: npmrc,
        npm_config_registry: registry.url,
        [`npm_config_${SCOPE}:registry`]: registry.url,
      },
    });
    const summary = `${output.stdout}\n${output.stderr}`
      .split("\n")
      .filter((line) => /packages published|New tag|error/i.test(line));
    process.stdout.write(`${summary.join("\n")}\n`);
  });

  const published = await phase("check tarballs", () => checkTarballs(registry, packages));

  const services = readServiceUrls();
  let installed = 0;
  let examples = 0;
  await phase("install and run examples", () => {
    process.stdout.write(
      `\ninstalled from ${registry.url} (${SCOPE} only), one fresh project each:\n`,
    );
    for (const pkg of packages) {
      const project = join(work, "consumers", pkg.folder);
      const install = installPackage(project, pkg, registry);
      if (install === undefined) continue;
      installed += 1;
      process.stdout.write(
        `  ${pkg.name.padEnd(30)} ${String(install.count).padStart(3)} packages  ${formatBytes(install.bytes).padStart(8)}  (${install.seconds} s)\n`,
      );
      if (runReadmeExample(project, pkg, services)) examples += 1;
    }
  });

  process.stdout.write(
    `release rehearsal: ${published} packages published at ${RELEASE_VERSION}, ${installed} installed from the registry, ${examples} README examples ran\n`,
  );
  if (
    published !== packages.length ||
    installed !== packages.length ||
    examples !== packages.length
  ) {
    problems.push(`expected ${packages.length} of each (one per published package)`);
  }
}

/**
 * Step 2: the check's refusal of a `major` first release, then `pnpm version-packages` — the fold
 * (development changesets removed, the first-release ones kept), the check and the real
 * `changeset version` — and every CHANGELOG.md starts with its package's first-release text.
 */
function versionPackages(copy, packages) {
  const fold = join(copy, "scripts", "fold-first-release.mjs");
  const changesets = join(copy, ".changeset");
  const firstRelease = new Map();
  for (const pkg of packages) {
    const file = join(changesets, `${pkg.folder}-first-release.md`);
    if (!existsSync(file)) {
      throw new Error(
        `${pkg.name} has no .changeset/${pkg.folder}-first-release.md: the first release's changelog needs one (RELEASING.md)`,
      );
    }
    firstRelease.set(pkg.name, readFileSync(file, "utf8"));
  }
  // The check must refuse a major first release: on 0.0.0 it would publish 1.0.0.
  const [first] = packages;
  const firstFile = join(changesets, `${first.folder}-first-release.md`);
  const original = firstRelease.get(first.name);
  writeFileSync(firstFile, original.replace(/: *minor\b/, ": major"));
  // The check alone, so that the fold below, in `version-packages`, is the one that removes the
  // development changesets and says so.
  const refused = tryRun(process.execPath, [fold], { cwd: copy });
  writeFileSync(firstFile, original);
  if (refused.ok || !refused.stderr.includes("1.0.0")) {
    problems.push(
      `fold-first-release.mjs accepted a major first-release changeset (${refused.stderr.trim()})`,
    );
  } else {
    process.stdout.write(
      "fold-first-release.mjs refuses a major first-release changeset (0.0.0 → 1.0.0)\n",
    );
  }
  run(pnpmCommand(), [...pnpmPrefix(), "version-packages"], { cwd: copy, stdio: "inherit" });
  for (const pkg of listPublishedPackages(copy)) {
    if (pkg.manifest.version !== RELEASE_VERSION) {
      problems.push(
        `changeset version gave ${pkg.name} ${pkg.manifest.version}, not ${RELEASE_VERSION}`,
      );
    }
    const changelog = join(pkg.directory, "CHANGELOG.md");
    const text = existsSync(changelog) ? readFileSync(changelog, "utf8") : "";
    if (!text.includes(`## ${RELEASE_VERSION}`)) {
      problems.push(`${pkg.name} has no CHANGELOG.md with a ${RELEASE_VERSION} entry`);
      continue;
    }
    // The entry is the first-release text, and nothing from the development changesets.
    const summary = (firstRelease.get(pkg.name) ?? "").replace(/^---[\s\S]*?---\s*/, "");
    const firstLine = summary.split("\n")[0].trim();
    if (firstLine === "" || !text.includes(firstLine)) {
      problems.push(`${pkg.name}'s CHANGELOG.md does not start from its first-release changeset`);
    }
    // Nothing else: no development changeset, no "Updated dependencies" (.changeset/changelog.cjs).
    const entry = text.slice(text.indexOf(`## ${RELEASE_VERSION}`));
    if (/### (Major|Patch) Changes|Updated dependencies/.test(entry)) {
      problems.push(
        `${pkg.name}'s CHANGELOG.md 0.1.0 entry holds more than its first-release changeset`,
      );
    }
  }
}

/** Step 3: Verdaccio on a free loopback port; resolves when it answers, with a user's token. */
async function startRegistry() {
  const home = join(root, "scripts", "verdaccio");
  const bin = join(home, "node_modules", "verdaccio", "bin", "verdaccio");
  const installedVersion = existsSync(bin)
    ? JSON.parse(readFileSync(join(home, "node_modules", "verdaccio", "package.json"), "utf8"))
        .version
    : undefined;
  if (installedVersion !== VERDACCIO_VERSION) {
    process.stdout.write(`installing Verdaccio ${VERDACCIO_VERSION} into scripts/verdaccio\n`);
    run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: home });
  }
  const directory = join(work, "registry");
  mkdirSync(directory, { recursive: true });
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(directory, "config.yaml");
  writeFileSync(
    config,
    [
      `storage: ${join(directory, "storage")}`,
      "auth:",
      "  htpasswd:",
      `    file: ${join(directory, "htpasswd")}`,
      "    max_users: 1",
      "uplinks:",
      "  npmjs:",
      "    url: https://registry.npmjs.org/",
      "packages:",
      `  '${SCOPE}/*':`,
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "    proxy: npmjs",
      "web:",
      "  enable: false",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const log = join(directory, "verdaccio.log");
  const output = openLog(log);
  registryProcess = spawn(
    process.execPath,
    [bin, "--config", config, "--listen", `127.0.0.1:${port}`],
    {
      stdio: ["ignore", output, output],
      detached: true,
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (registryProcess.exitCode !== null) {
      throw new Error(
        `Verdaccio exited with ${registryProcess.exitCode}:\n${readFileSync(log, "utf8")}`,
      );
    }
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Verdaccio did not answer on ${url} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const response = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "rehearsal",
      password: crypto.randomUUID(),
      type: "user",
      roles: [],
    }),
  });
  const body = await response.json();
  if (!response.ok || typeof body.token !== "string") {
    throw new Error(`Verdaccio refused to add a user: ${response.status} ${JSON.stringify(body)}`);
  }
  process.stdout.write(`Verdaccio ${VERDACCIO_VERSION} on ${url} (pid ${registryProcess.pid})\n`);
  return { url, token: body.token };
}

/** Step 4: every published tarball as users get it. Returns how many were published. */
async function checkTarballs(registry, packages) {
  let published = 0;
  for (const pkg of packages) {
    const packument = await fetchRegistry(`${registry.url}${pkg.name.replace("/", "%2f")}`);
    if (!packument.ok) {
      problems.push(`${pkg.name} is not in the registry (${packument.status})`);
      continue;
    }
    const document = await packument.json();
    const versions = Object.keys(document.versions ?? {});
    if (versions.length !== 1 || versions[0] !== RELEASE_VERSION) {
      problems.push(`${pkg.name} was published as ${versions.join(", ")}, not ${RELEASE_VERSION}`);
      continue;
    }
    const tarballUrl = document.versions[RELEASE_VERSION].dist.tarball;
    const tarball = join(work, "tarballs", `${pkg.folder}.tgz`);
    mkdirSync(dirname(tarball), { recursive: true });
    writeFileSync(tarball, Buffer.from(await (await fetchRegistry(tarballUrl)).arrayBuffer()));
    const files = new Set(
      execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean),
    );
    const manifestText = execFileSync("tar", ["-xzOf", tarball, "package/package.json"], {
      encoding: "utf8",
    });
    const manifest = JSON.parse(manifestText);
    const required = [
      "package/LICENSE",
      "package/README.md",
      ...pkg.entries.map((entry) => `package/${entry.types}`),
    ];
    const missing = required.filter((file) => !files.has(file));
    if (missing.length > 0) problems.push(`${pkg.name}'s tarball lacks ${missing.join(", ")}`);
    if (manifestText.includes("workspace:")) {
      problems.push(`${pkg.name}'s published package.json still has a workspace: range`);
    }
    if (manifest.version !== RELEASE_VERSION) {
      problems.push(`${pkg.name}'s tarball says version ${manifest.version}`);
    }
    if (missing.length === 0 && !manifestText.includes("workspace:")) published += 1;
  }
  return published;
}

/** Step 5: the package alone in a fresh project; its size, package count and provenance. */
function installPackage(project, pkg, registry) {
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: `consumer-${pkg.folder}`, private: true, type: "module" }, null, 2)}\n`,
  );
  // Only the scope goes to Verdaccio; everything else comes from the registry npm is set up for.
  // The lockfile keeps `resolved`, so where each package came from can be checked.
  writeFileSync(
    join(project, ".npmrc"),
    `${SCOPE}:registry=${registry.url}\nomit-lockfile-registry-resolved=false\n`,
  );
  const start = performance.now();
  const install = tryRun("npm", [...npmInstallFlags(), `${pkg.name}@${RELEASE_VERSION}`], {
    cwd: project,
    env: cleanEnvironment(),
  });
  if (!install.ok) {
    problems.push(`npm install ${pkg.name} failed:\n${install.stderr.trim()}`);
    return undefined;
  }
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
  const entries = Object.entries(lock.packages ?? {}).filter(([path]) => path !== "");
  for (const [path, entry] of entries) {
    if (!path.includes(`node_modules/${SCOPE}/`)) continue;
    if (typeof entry.resolved !== "string" || !entry.resolved.startsWith(registry.url)) {
      problems.push(`${pkg.name}: ${path} came from ${entry.resolved}, not from ${registry.url}`);
    }
  }
  return { count: entries.length, bytes: sizeOf(join(project, "node_modules")), seconds };
}

/** Step 5, continued: the README's first ```ts/```js block, run in the project. */
function runReadmeExample(project, pkg, services) {
  const readme = readFileSync(join(project, "node_modules", pkg.name, "README.md"), "utf8");
  const block = /^```(ts|typescript|js|javascript|mjs)[^\n]*\n([\s\S]*?)^```/m.exec(readme);
  if (block === null) {
    problems.push(`${pkg.name}: its README has no \`\`\`ts or \`\`\`js example`);
    return false;
  }
  const code = block[2];
  // What a reader installs: the README's own `npm install` lines above the example (peers such as
  // `ioredis` included), then whatever else the example imports.
  const wanted = new Map(installLinePackages(readme.slice(0, block.index)));
  for (const name of importedPackages(code)) if (!wanted.has(name)) wanted.set(name, undefined);
  const missing = [...wanted.keys()].filter(
    (name) => !existsSync(join(project, "node_modules", name, "package.json")),
  );
  if (missing.length > 0) {
    const specs = missing.map((name) =>
      wanted.get(name) !== undefined
        ? `${name}@${wanted.get(name)}`
        : name.startsWith(`${SCOPE}/`)
          ? `${name}@${RELEASE_VERSION}`
          : `${name}@${testedVersion(pkg, name)}`,
    );
    const install = tryRun("npm", [...npmInstallFlags(), ...specs], {
      cwd: project,
      env: cleanEnvironment(),
    });
    if (!install.ok) {
      problems.push(
        `${pkg.name}: installing what its README example imports (${specs.join(" ")}) failed:\n${install.stderr.trim()}`,
      );
      return false;
    }
  }
  const javascript = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  writeFileSync(join(project, "readme-example.mjs"), javascript);
  const result = tryRun(process.execPath, ["readme-example.mjs"], {
    cwd: project,
    env: { ...cleanEnvironment(), ...services },
    timeout: EXAMPLE_TIMEOUT_MS,
  });
  if (!result.ok) {
    const line = readme.slice(0, block.index).split("\n").length;
    problems.push(
      `${pkg.name}: the README's first example (README.md line ${line}) failed${result.timedOut ? ` (killed after ${EXAMPLE_TIMEOUT_MS / 1000} s)` : ""}:\n${indent(result.stderr.trim() || result.stdout.trim())}`,
    );
    return false;
  }
  process.stdout.write(
    `  ${"".padEnd(30)} README example ran${missing.length > 0 ? ` (after npm install ${missing.join(" ")})` : ""}\n`,
  );
  return true;
}

/** The packages a module imports by bare specifier (`node:` built-ins left out). */
function importedPackages(code) {
  const names = new Set();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g;
  for (const match of code.matchAll(pattern)) {
    const specifier = match[1];
    if (specifier.startsWith("node:")) continue;
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
  return [...names];
}

/**
 * The packages of the `npm install` lines in `text`, each with the version the line pins (or
 * `undefined`): `npm install a b@1.2.3 # comment` gives `[["a", undefined], ["b", "1.2.3"]]`.
 */
function installLinePackages(text) {
  const packages = [];
  for (const line of text.matchAll(/^npm install (.+)$/gm)) {
    for (const spec of line[1].replace(/#.*$/, "").trim().split(/\s+/)) {
      if (spec === "" || spec.startsWith("-")) continue;
      const at = spec.indexOf("@", 1);
      packages.push(at === -1 ? [spec, undefined] : [spec.slice(0, at), spec.slice(at + 1)]);
    }
  }
  return packages;
}

/**
 * The version of a third-party package this repository tests with: the package's own dev or peer
 * dependency first, then the other packages', the demo's and the root's.
 */
function testedVersion(pkg, name) {
  const manifests = [
    pkg.manifest,
    ...listPublishedPackages(root).map((other) => other.manifest),
    JSON.parse(readFileSync(join(root, "apps", "demo", "package.json"), "utf8")),
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")),
  ];
  for (const field of ["devDependencies", "dependencies", "peerDependencies"]) {
    for (const manifest of manifests) {
      const range = manifest[field]?.[name];
      if (typeof range === "string" && !range.startsWith("workspace:")) return range;
    }
  }
  return "latest";
}

/** The services' URLs for examples that connect (`DATABASE_URL`, `REDIS_URL`), when known. */
function readServiceUrls() {
  const values = {};
  const file = join(root, ".ci", "services.env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /^(?:export\s+)?(\w+)=["']?([^"'\n]*)["']?$/.exec(line.trim());
      if (match !== null) values[match[1]] = match[2];
    }
  }
  const environment = { ...values, ...process.env };
  const urls = {};
  if (environment.TOOLWRIGHT_PG_URL) urls.DATABASE_URL = environment.TOOLWRIGHT_PG_URL;
  if (environment.TOOLWRIGHT_REDIS_URL) urls.REDIS_URL = environment.TOOLWRIGHT_REDIS_URL;
  return urls;
}

/** Tracked and new files as git lists them (never what .gitignore hides), copied to `target`. */
function copyRepository(target) {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  )
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(root, file)));
  for (const file of files) {
    if (lstatSync(join(root, file)).isDirectory()) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(root, file), join(target, file));
  }
}

function git(cwd, args) {
  run(
    "git",
    ["-c", "user.name=release rehearsal", "-c", "user.email=rehearsal@localhost", ...args],
    {
      cwd,
    },
  );
}

/** pnpm as the caller ran it (`npx pnpm@…` leaves none on PATH for children otherwise). */
function pnpmCommand() {
  return pnpmExecPath() === undefined ? "pnpm" : process.execPath;
}

function pnpmPrefix() {
  const execPath = pnpmExecPath();
  return execPath === undefined ? [] : [execPath];
}

function pnpmExecPath() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: run by a root script, never by turbo
  const execPath = process.env.npm_execpath;
  return execPath !== undefined && /pnpm\.c?js$/.test(execPath) ? execPath : undefined;
}

/** PATH with a `pnpm` on it: `changeset publish` runs `pnpm publish` by name. */
function pathWithPnpm() {
  const execPath = pnpmExecPath();
  if (execPath === undefined) return process.env.PATH;
  const bin = join(work, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, "pnpm"), `#!/bin/sh\nexec "${process.execPath}" "${execPath}" "$@"\n`, {
    mode: 0o755,
  });
  return `${bin}:${process.env.PATH}`;
}

function authLine(registry) {
  return `//${registry.url.replace(/^https?:\/\//, "")}:_authToken=${registry.token}`;
}

function npmInstallFlags() {
  return ["install", "--no-audit", "--no-fund", "--no-update-notifier", "--loglevel=error"];
}

/** The environment without what a package manager running this script added (npm_config_…). */
function cleanEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_(config|package|lifecycle)_/i.test(key) && key !== "npm_execpath",
    ),
  );
}

function run(command, args, options = {}) {
  const result = tryRun(command, args, options);
  if (result.ok) return result;
  throw new Error(
    `${[command, ...args].map((part) => relative(work, part) || part).join(" ")} failed in ${options.cwd}:\n${indent(`${result.stdout}\n${result.stderr}`.trim())}`,
  );
}

function tryRun(command, args, options = {}) {
  const { stdio, timeout, log, ...rest } = options;
  const result = runOnce(command, args, { stdio, timeout, ...rest });
  if (log !== undefined) writeFileSync(log, `${result.stdout}\n${result.stderr}`);
  return result;
}

function runOnce(command, args, options) {
  const { stdio, timeout, ...rest } = options;
  const result = spawnSync(command, args, {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: stdio ?? ["ignore", "pipe", "pipe"],
    timeout,
    killSignal: "SIGKILL",
    ...rest,
  });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? "",
    stderr: result.error !== undefined ? String(result.error.message) : (result.stderr ?? ""),
    timedOut: result.signal === "SIGKILL" && timeout !== undefined,
  };
}

async function phase(name, body) {
  const start = performance.now();
  process.stdout.write(`── ${name}\n`);
  try {
    return await body();
  } finally {
    phases.push([name, performance.now() - start]);
  }
}

function stopRegistry() {
  if (registryProcess === undefined || registryProcess.exitCode !== null) return;
  try {
    process.kill(-registryProcess.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * `fetch` with one retry: a kept-alive connection Verdaccio closed while `pnpm release` ran fails
 * the first request on it ("other side closed").
 */
async function fetchRegistry(url) {
  try {
    return await fetch(url);
  } catch {
    return await fetch(url, { headers: { connection: "close" } });
  }
}

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function openLog(file) {
  return openSync(file, "w");
}

/** Bytes on disk of a folder's files (apparent sizes, symlinks not followed). */
function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

function formatBytes(bytes) {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function indent(text) {
  return text
    .split("\n")
    .slice(-40)
    .map((line) => `      ${line}`)
    .join("\n");
}
