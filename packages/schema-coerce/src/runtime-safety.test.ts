/**
 * The package must run where code generation is forbidden (strict CSP, edge runtimes,
 * `node --disallow-code-generation-from-strings`) and in browsers (no `node:` imports).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const sourceRoot = fileURLToPath(new URL(".", import.meta.url));
const suiteRoot = join(sourceRoot, "__fixtures__", "json-schema-test-suite");

function listSources(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__fixtures__" && name !== "conformance") files.push(...listSources(path));
    } else if (name.endsWith(".ts") && !name.includes(".test") && name !== "test-graph.ts") {
      files.push(path);
    }
  }
  return files;
}

// Runs every required draft 2020-12 case (but the `$vocabulary` one) in a child process that
// forbids code generation, with the suite's remotes and the meta-schemas as options.schemas.
const childScript = `
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
const { compile } = await import(process.argv[2]);
const [suite, metaschemas] = [process.argv[3], process.argv[4]];
const list = (directory) => readdirSync(directory).flatMap((name) => {
  const path = join(directory, name);
  return statSync(path).isDirectory() ? list(path) : name.endsWith(".json") ? [path] : [];
});
const schemas = {};
for (const path of list(join(suite, "remotes"))) {
  schemas["http://localhost:1234/" + relative(join(suite, "remotes"), path).split("\\\\").join("/")] = JSON.parse(readFileSync(path, "utf8"));
}
for (const path of list(metaschemas)) {
  const document = JSON.parse(readFileSync(path, "utf8"));
  schemas[document.$id] = document;
}
const directory = join(suite, "tests", "draft2020-12");
let passed = 0;
let total = 0;
for (const name of readdirSync(directory)) {
  if (!name.endsWith(".json") || name === "vocabulary.json") continue;
  for (const group of JSON.parse(readFileSync(join(directory, name), "utf8"))) {
    for (const test of group.tests) {
      total++;
      try {
        if (compile(group.schema, { schemas }).check(test.data) === test.valid) passed++;
      } catch {}
    }
  }
}
let evalBlocked = false;
try { new Function("return 1"); } catch { evalBlocked = true; }
console.log(JSON.stringify({ passed, total, evalBlocked }));
`;

describe("package entry", () => {
  let outDirectory = "";

  beforeAll(async () => {
    outDirectory = mkdtempSync(join(tmpdir(), "schema-coerce-csp-"));
    await build({
      entry: { index: join(sourceRoot, "index.ts") },
      format: ["esm"],
      outDir: outDirectory,
      dts: false,
      silent: true,
      config: false,
      target: "node20",
    });
  }, 60_000);

  afterAll(() => {
    if (outDirectory !== "") rmSync(outDirectory, { recursive: true, force: true });
  });

  it("should validate under --disallow-code-generation-from-strings", () => {
    const scriptPath = join(outDirectory, "run-suite.mjs");
    writeFileSync(scriptPath, childScript);
    const output = execFileSync(
      process.execPath,
      [
        "--disallow-code-generation-from-strings",
        scriptPath,
        join(outDirectory, "index.js"),
        suiteRoot,
        join(sourceRoot, "__fixtures__", "metaschemas"),
      ],
      { encoding: "utf8" },
    );
    const result = JSON.parse(output) as { passed: number; total: number; evalBlocked: boolean };
    expect(result.evalBlocked).toBe(true);
    expect(result.total).toBe(1294);
    expect(result.passed).toBe(result.total);
  }, 60_000);

  it("should import no node: module from the main entry's sources", () => {
    const offenders = listSources(sourceRoot).filter((path) =>
      /from\s+["']node:|import\(\s*["']node:|require\(\s*["']node:/.test(
        readFileSync(path, "utf8"),
      ),
    );
    expect(offenders).toStrictEqual([]);
  });

  it("should contain no eval or Function constructor in the built bundle", () => {
    const bundle = readFileSync(join(outDirectory, "index.js"), "utf8");
    expect(bundle).not.toMatch(/\beval\s*\(|new\s+Function\s*\(/);
  });
});
