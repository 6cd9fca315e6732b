// The house rules of this package's own source, checked on every test run: its folders import
// downwards only, no file imports itself back through others, and no function takes more than
// five parameters. Type-only imports count: a type a lower folder needs belongs at or below it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SOURCE = dirname(fileURLToPath(import.meta.url));

/**
 * The folders from the bottom up. A file may import files of its own folder and of any folder
 * on an earlier line; folders on one line do not import each other. `(base)` is a file directly
 * in `src/` that is not an entry point: it imports nothing of the package.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["(base)"],
  ["model"],
  ["output", "dispatch"],
  ["approval"],
  ["journal"],
  ["journal-file", "testing"],
  ["call"],
  ["batch"],
  ["(entry)"],
];

const ENTRIES = new Set(["index.ts", "node.ts", "testing.ts"]);
const MAX_PARAMETERS = 5;

/** Source files of the package, tests and their helpers left out. */
function listSourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__fixtures__") files.push(...listSourceFiles(path));
    } else if (entry.name.endsWith(".ts") && !isTestCode(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

function isTestCode(name: string): boolean {
  return /\.test(-d)?\.ts$/.test(name) || /(^|-)test-support\.ts$/.test(name);
}

function folderOf(file: string): string {
  const path = relative(SOURCE, file);
  if (!path.includes("/")) return ENTRIES.has(path) ? "(entry)" : "(base)";
  return path.slice(0, path.indexOf("/"));
}

function layerOf(folder: string): number {
  const layer = LAYERS.findIndex((folders) => folders.includes(folder));
  if (layer === -1) throw new Error(`folder ${folder} has no layer: add it to LAYERS`);
  return layer;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** Every relative module a file names: imports, re-exports and `import("…")` types alike. */
function importsOf(source: ts.SourceFile): string[] {
  const targets: string[] = [];
  const visit = (node: ts.Node): void => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      specifier = node.moduleSpecifier;
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      specifier = node.argument.literal;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifier = node.arguments[0];
    }
    if (specifier !== undefined && ts.isStringLiteral(specifier)) {
      const text = specifier.text;
      if (text.startsWith(".")) {
        const path = resolve(dirname(source.fileName), text);
        const file = path.endsWith(".ts") ? path : `${path}.ts`;
        targets.push(file);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return targets;
}

/** Groups of files that import each other in a circle (Tarjan's strongly connected components). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const connect = (file: string): void => {
    indexOf.set(file, next);
    lowOf.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indexOf.has(target)) {
        connect(target);
        lowOf.set(file, Math.min(lowOf.get(file) as number, lowOf.get(target) as number));
      } else if (onStack.has(target)) {
        lowOf.set(file, Math.min(lowOf.get(file) as number, indexOf.get(target) as number));
      }
    }
    if (lowOf.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(relative(SOURCE, member));
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
        cycles.push(component.sort());
      }
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) connect(file);
  return cycles;
}

/** `name (file:line): N parameters` for every function with more than the limit. */
function findLongParameterLists(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && node.parameters.length > MAX_PARAMETERS) {
      const name =
        "name" in node && node.name !== undefined ? node.name.getText(source) : "(anonymous)";
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const where = `${relative(SOURCE, source.fileName)}:${line + 1}`;
      found.push(`${name} (${where}): ${node.parameters.length} parameters`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sources = listSourceFiles(SOURCE).map(parse);
const graph = new Map(sources.map((source) => [source.fileName, importsOf(source)]));

describe("tool-exec's source", () => {
  it("should import only downwards: its own folder or a folder below it", () => {
    const backArrows: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from === to) continue;
        if (layerOf(to) >= layerOf(from)) {
          backArrows.push(`${relative(SOURCE, file)} → ${relative(SOURCE, target)}`);
        }
      }
    }
    expect(backArrows).toEqual([]);
  });

  it("should have no import circles between its files", () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it(`should give no function more than ${MAX_PARAMETERS} parameters`, () => {
    expect(sources.flatMap(findLongParameterLists)).toEqual([]);
  });

  it("should name every import of a file that exists", () => {
    const known = new Set(graph.keys());
    const missing = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => !known.has(target) && !isTestCode(target))
        .map((target) => `${relative(SOURCE, file)} → ${relative(SOURCE, target)}`),
    );
    expect(missing).toEqual([]);
  });
});
