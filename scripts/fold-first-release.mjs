#!/usr/bin/env node
// The first release's changelogs (RELEASING.md). Before the first `changeset version`, the pending
// development changesets — written for people who followed the repository, full of "the X type is
// gone" — are replaced by one changeset per published package that says what the package is at
// 0.1.0. This script checks that state, and can draft it.
//
//   node scripts/fold-first-release.mjs           check (run by `pnpm version-packages`)
//   node scripts/fold-first-release.mjs --draft   replace every pending changeset by a draft per
//                                                 package (only while the packages are at 0.0.0)
//
// The check, while every published package is at 0.0.0: each has exactly one pending changeset,
// that changeset names only it, with a `minor` bump (0.0.0 → 0.1.0) and a text; no other changeset
// is pending. A `major` bump on 0.0.0 would give 1.0.0 — in the `fixed` group, 1.0.0 for every
// package — so it is refused by name. After the first release the check only refuses `major` while
// the packages are below 1.0.0: before 1.0 a breaking change is a `minor` (RELEASING.md).
// Exit 1 with every problem listed.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listPublishedPackages } from "./lib/published-packages.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const changesetDirectory = join(root, ".changeset");
const packages = listPublishedPackages(root);
const draft = process.argv.includes("--draft");

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
  const removed = readChangesets().map((changeset) => changeset.file);
  for (const file of removed) rmSync(join(changesetDirectory, file));
  for (const pkg of packages) {
    writeFileSync(join(changesetDirectory, draftFileName(pkg)), draftChangeset(pkg));
  }
  process.stdout.write(
    `fold-first-release: replaced ${removed.length} pending changesets by ${packages.length} ` +
      "first-release drafts (one per package, minor, from its package.json description)\n",
  );
}

const problems = firstRelease ? checkFirstRelease(readChangesets()) : checkPreOne(readChangesets());
if (problems.length > 0) fail(problems);
process.stdout.write(
  firstRelease
    ? `fold-first-release: ${packages.length} packages, one first-release changeset each, all minor: 0.0.0 → 0.1.0\n`
    : "fold-first-release: packages already released; no major bump pending below 1.0.0\n",
);

/** Problems with the pending changesets for a first release at 0.1.0. */
function checkFirstRelease(changesets) {
  const problems = [];
  const names = new Set(packages.map((pkg) => pkg.name));
  const byPackage = new Map(packages.map((pkg) => [pkg.name, []]));
  for (const changeset of changesets) {
    const entries = Object.entries(changeset.releases);
    if (entries.length !== 1) {
      problems.push(
        `${changeset.file} names ${entries.length} packages; a first-release changeset names exactly one`,
      );
    }
    for (const [name, bump] of entries) {
      if (!names.has(name))
        problems.push(`${changeset.file} names ${name}, which is not published`);
      else byPackage.get(name).push(changeset.file);
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
  for (const [name, files] of byPackage) {
    if (files.length === 0) problems.push(`${name} has no first-release changeset`);
    if (files.length > 1) {
      problems.push(
        `${name} has ${files.length} changesets (${files.join(", ")}); fold them into one that describes the package at 0.1.0 (node scripts/fold-first-release.mjs --draft starts one)`,
      );
    }
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
