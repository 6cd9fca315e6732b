/**
 * Loads the vendored JSON-Schema-Test-Suite (`src/__fixtures__/json-schema-test-suite`) for the
 * conformance test. Test-only: reads files with `node:fs`, never `/work/shared` or the network.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonSchema } from "../types";

const fixtures = fileURLToPath(new URL("../__fixtures__/", import.meta.url));
const suiteRoot = join(fixtures, "json-schema-test-suite");

/** One test case of the suite. */
export interface SuiteCase {
  /** `<draft>/<file>: <group description> / <test description>` — the key used by `skips.ts`. */
  readonly id: string;
  readonly schema: JsonSchema;
  readonly data: unknown;
  readonly valid: boolean;
}

interface SuiteGroup {
  readonly description: string;
  readonly schema: JsonSchema;
  readonly tests: readonly { description: string; data: unknown; valid: boolean }[];
}

function listJsonFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) files.push(...listJsonFiles(path));
    else if (name.endsWith(".json")) files.push(path);
  }
  return files;
}

/** The cases of `tests/<draft>/<folder>` (`""` for the required tests, not recursive). */
export function loadSuiteCases(draft: "draft2020-12" | "draft7", folder = ""): SuiteCase[] {
  const directory = join(suiteRoot, "tests", draft, folder);
  const cases: SuiteCase[] = [];
  for (const name of readdirSync(directory).sort()) {
    if (!name.endsWith(".json")) continue;
    const groups = JSON.parse(readFileSync(join(directory, name), "utf8")) as SuiteGroup[];
    const file = folder === "" ? name : `${folder}/${name}`;
    for (const group of groups) {
      for (const test of group.tests) {
        cases.push({
          id: `${draft}/${file}: ${group.description} / ${test.description}`,
          schema: group.schema,
          data: test.data,
          valid: test.valid,
        });
      }
    }
  }
  return cases;
}

/**
 * The documents `$ref` may name: every file of `remotes/` at its `http://localhost:1234/...`
 * URI, and the draft meta-schemas at their `$id`.
 */
export function loadRemoteSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  const remotes = join(suiteRoot, "remotes");
  for (const path of listJsonFiles(remotes)) {
    const uri = `http://localhost:1234/${relative(remotes, path).split("\\").join("/")}`;
    schemas[uri] = JSON.parse(readFileSync(path, "utf8")) as JsonSchema;
  }
  for (const path of listJsonFiles(join(fixtures, "metaschemas"))) {
    const document = JSON.parse(readFileSync(path, "utf8")) as { $id: string };
    schemas[document.$id] = document as JsonSchema;
  }
  return schemas;
}
