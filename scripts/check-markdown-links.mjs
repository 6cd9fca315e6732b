#!/usr/bin/env node
// Every relative link in the repository's Markdown files must point at a file or folder that is
// in the repository (and a `#fragment` on a Markdown target at one of its headings). Links to
// the web are not fetched. Run by `pnpm test`; exits 1 listing each dead link by file and line.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The Markdown files git knows about, tracked or new, never what .gitignore hides. */
function listMarkdownFiles() {
  const output = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "--", "*.md"],
    { cwd: root, encoding: "utf8" },
  );
  return output.split("\n").filter((path) => path !== "" && existsSync(join(root, path)));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function collectAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of removeCode(text).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[`*_]/g, "")
      .replace(/[^\p{Letter}\p{Number}\s-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Fenced blocks and inline code hold examples, not links. */
function removeCode(text) {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
}

const linkPattern =
  /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?\s*$/gm;
const problems = [];
const anchorCache = new Map();
for (const file of listMarkdownFiles()) {
  const text = readFileSync(join(root, file), "utf8");
  const searchable = removeCode(text);
  for (const match of searchable.matchAll(linkPattern)) {
    const target = match[1] ?? match[2];
    if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const line = searchable.slice(0, match.index).split("\n").length;
    const [pathPart, fragment] = target.split("#", 2);
    const absolute =
      pathPart === "" ? join(root, file) : resolve(root, dirname(file), decodeURI(pathPart));
    const where = `${file}:${line}`;
    if (relative(root, absolute).startsWith("..")) {
      problems.push(`${where}: ${target} leaves the repository`);
    } else if (!existsSync(absolute)) {
      problems.push(`${where}: ${target} does not exist`);
    } else if (
      fragment !== undefined &&
      fragment !== "" &&
      absolute.endsWith(".md") &&
      statSync(absolute).isFile()
    ) {
      if (!anchorCache.has(absolute))
        anchorCache.set(absolute, collectAnchors(readFileSync(absolute, "utf8")));
      if (!anchorCache.get(absolute).has(fragment.toLowerCase())) {
        problems.push(`${where}: ${target} names no heading of ${relative(root, absolute)}`);
      }
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(
    `Dead links in Markdown files:\n${problems.map((problem) => `  ${problem}`).join("\n")}\n`,
  );
  process.exit(1);
}
