#!/usr/bin/env node
// The first release's changelogs (RELEASING.md). Until the first release, every user-visible change
// still gets its changeset (the record of main's history), and each published package also keeps
// one hand-written `.changeset/<folder>-first-release.md` that says what the package is at 0.1.0.
// At release time the fold removes the development changesets and leaves exactly the
// first-release ones, so each CHANGELOG.md starts with a description, not with the history.
//
//   node scripts/fold-first-release.mjs           check (fails while development changesets remain)
//   node scripts/fold-first-release.mjs --fold    fold, then check (run by `pnpm version-packages`)
//   node scripts/fold-first-release.mjs --draft   write a draft `<folder>-first-release.md` for each
//                                                 package that has none (never overwrites, never
//                                                 deletes)
//
// The fold, while every published package is at 0.0.0: every package must have its first-release
// changeset (a missing one is named, nothing is deleted); then every other pending changeset is
// removed and listed, whatever its bump (a `major` written during development included: it
// describes history, not the release). After the first release the fold does nothing: later changesets are the
// changelog.
//
// The check, while every published package is at 0.0.0: each has its first-release changeset,
// naming only it, with a `minor` bump (0.0.0 → 0.1.0) and a text; no other changeset is pending. A `major` bump on 0.0.0 would give 1.0.0 — in the `fixed` group, 1.0.0 for every
// package — so it is refused by name. After the first release the check only refuses `major` while
// the packages are below 1.0.0: before 1.0 a breaking change is a `minor` (RELEASING.md).
// Exit 1 with every problem listed.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listPublishedPackages } from "./lib/published-packages.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const changesetDirectory = join(root, ".changeset");
const packages = listPublishedPackages(root);
const draft = process.argv.includes("--draft");
const fold = process.argv.includes("--fold");

const unreleased = packages.filter((pkg) => pkg.manifest.version === "0.0.0");
if (unreleased.length !== 0 && unreleased.length !== packages.length) {
  fail([
    `some packages are at 0.0.0 and others are not (${unreleased.map((pkg) => pkg.name).join(", ")}): ` +
      "a package added after the first release starts at 0.0.0 too; give it the released version " +
      "in its package.json, and a changeset like any other change",
  ]);
}
const firstRelease = unreleased.length === packages.length;

if (draft) {
  if (!firstRelease) fail(["--draft is for the first release only: the packages are released"]);
  const missing = packages.filter(
    (pkg) => !existsSync(join(changesetDirectory, draftFileName(pkg))),
  );
  for (const pkg of missing) {
    writeFileSync(join(changesetDirectory, draftFileName(pkg)), draftChangeset(pkg));
  }
  process.stdout.write(
    missing.length === 0
      ? "fold-first-release: every package already has its first-release changeset\n"
      : `fold-first-release: drafted ${missing.map(draftFileName).join(", ")} (from each package.json description); rewrite them by hand\n`,
  );
  process.exit(0);
}

if (fold && firstRelease) {
  const missing = packages.filter(
    (pkg) => !existsSync(join(changesetDirectory, draftFileName(pkg))),
  );
  if (missing.length > 0) {
    fail(
      missing.map(
        (pkg) =>
          `${pkg.name} has no .changeset/${draftFileName(pkg)}: write one that says what the package is at 0.1.0 (--draft starts it); nothing was folded`,
      ),
    );
  }
  const keep = new Set(packages.map(draftFileName));
  const removed = readChangesets()
    .map((changeset) => changeset.file)
    .filter((file) => !keep.has(file));
  for (const file of removed) rmSync(join(changesetDirectory, file));
  process.stdout.write(
    `fold-first-release: removed ${removed.length} development changesets${removed.length > 0 ? ` (${removed.join(", ")})` : ""}; kept ${keep.size} first-release changesets, one per package\n`,
  );
}

const problems = firstRelease ? checkFirstRelease(readChangesets()) : checkPreOne(readChangesets());
if (problems.length > 0) fail(problems);
process.stdout.write(
  firstRelease
    ? `fold-first-release: ${packages.length} packages, one first-release changeset each, all minor: 0.0.0 → 0.1.0\n`
    : "fold-first-release: packages already released; no major bump pending below 1.0.0\n",
);

/**
 * Problems with the pending changesets for a first release at 0.1.0: every package has its
 * `<folder>-first-release.md`, naming only that package, `minor`, with a text; nothing else is
 * pending; no `major` anywhere.
 */
function checkFirstRelease(changesets) {
  const problems = [];
  const byFile = new Map(packages.map((pkg) => [draftFileName(pkg), pkg]));
  const development = [];
  for (const changeset of changesets) {
    const pkg = byFile.get(changeset.file);
    if (pkg === undefined) {
      // Folded away at release time, whatever its bump says (--fold).
      development.push(changeset.file);
      continue;
    }
    const entries = Object.entries(changeset.releases);
    if (entries.length !== 1 || entries[0][0] !== pkg.name) {
      problems.push(
        `${changeset.file} names ${entries.map(([name]) => name).join(", ") || "no package"}; it must name exactly ${pkg.name}`,
      );
    }
    for (const [name, bump] of entries) {
      if (bump === "major") {
        problems.push(
          `${changeset.file} bumps ${name} major: on 0.0.0 that releases 1.0.0 (and, in the fixed group, every package at 1.0.0); the first release is minor`,
        );
      } else if (bump !== "minor") {
        problems.push(
          `${changeset.file} bumps ${name} ${bump}; the first release is a minor bump to 0.1.0`,
        );
      }
    }
    if (changeset.summary.trim() === "") problems.push(`${changeset.file} has no text`);
  }
  const present = new Set(changesets.map((changeset) => changeset.file));
  for (const [file, pkg] of byFile) {
    if (!present.has(file)) {
      problems.push(
        `${pkg.name} has no .changeset/${file} (node scripts/fold-first-release.mjs --draft starts one)`,
      );
    }
  }
  if (development.length > 0) {
    problems.push(
      `${development.length} development changesets are pending (${development.join(", ")}); the first release keeps only the first-release changesets: node scripts/fold-first-release.mjs --fold (run by pnpm version-packages) removes the others`,
    );
  }
  return problems;
}

/** After the first release: no `major` while the packages are below 1.0.0. */
function checkPreOne(changesets) {
  const belowOne = packages.some((pkg) => pkg.manifest.version.startsWith("0."));
  if (!belowOne) return [];
  return changesets.flatMap((changeset) =>
    Object.entries(changeset.releases)
      .filter(([, bump]) => bump === "major")
      .map(
        ([name]) =>
          `${changeset.file} bumps ${name} major; below 1.0.0 a breaking change is a minor bump (RELEASING.md)`,
      ),
  );
}

/** The pending changesets: file name, `{ package: bump }` from the front matter, and the text. */
function readChangesets() {
  return readdirSync(changesetDirectory)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .sort()
    .map((file) => {
      const text = readFileSync(join(changesetDirectory, file), "utf8");
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (match === null) fail([`${file} has no front matter (--- … ---)`]);
      const releases = {};
      for (const line of match[1].split(/\r?\n/)) {
        if (line.trim() === "") continue;
        const release = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
        if (release === null)
          fail([`${file}: cannot read the front matter line ${JSON.stringify(line)}`]);
        releases[release[1]] = release[2];
      }
      return { file, releases, summary: match[2] };
    });
}

function draftFileName(pkg) {
  return `${pkg.folder}-first-release.md`;
}

/** A draft to rewrite by hand: the package's one-line description, as a first release. */
function draftChangeset(pkg) {
  const description = String(pkg.manifest.description ?? "").trim();
  return `---\n"${pkg.name}": minor\n---\n\nFirst release of \`${pkg.name}\`: ${description}\n`;
}

function fail(problems) {
  process.stderr.write(
    `fold-first-release:\n${problems.map((line) => `  - ${line}`).join("\n")}\n`,
  );
  process.exit(1);
}
