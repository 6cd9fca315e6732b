#!/usr/bin/env node
// What the package READMEs promise before anything is published: `pnpm pack` a package and its
// workspace dependencies, `npm install` the tarballs into a project outside the repository, and
// import it with plain Node. Run by `pnpm test` after the build (a few seconds, no network: npm
// runs with --offline, and the TypeBox peer comes from this repository's install).
//
// Two projects: one with TypeBox, one without (TypeBox is an optional peer). In each, the
// runtime check runs, and a type test compiles with the repository's TypeScript under `strict`
// and `skipLibCheck: false`, so a declaration that needs TypeBox, or params that lose their
// types, fail here: TypeBox users get `Static<typeof schema>` params, JSON Schema users without
// TypeBox get `Readonly<Record<string, unknown>>`.
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

/** Installs `sources` into a new project, runs the runtime check there and compiles `types`. */
function checkProject(project, sources, types) {
  execFileSync("mkdir", [project]);
  writeFileSync(
    join(project, "package.json"),
    '{ "name": "consumer", "private": true, "type": "module" }\n',
  );
  execFileSync(
    "npm",
    ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", ...sources],
    { cwd: project, stdio: ["ignore", "ignore", "inherit"] },
  );
  writeFileSync(join(project, "check.mjs"), RUNTIME_CHECK);
  const output = execFileSync(process.execPath, ["check.mjs"], {
    cwd: project,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const expected = JSON.stringify({
    params: { path: "a.txt", offset: 10 },
    errors: [{ path: "", keyword: "minimum", message: "expected >= 0" }],
  });
  if (output !== expected) {
    throw new Error(
      `${basename(project)}: the installed packages answered ${output}, expected ${expected}`,
    );
  }
  writeFileSync(join(project, "types.ts"), types);
  writeFileSync(
    join(project, "tsconfig.json"),
    `${JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        target: "ES2022",
        types: [],
      },
      files: ["types.ts"],
    })}\n`,
  );
  try {
    execFileSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "."],
      {
        cwd: project,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
  } catch (error) {
    throw new Error(
      `${basename(project)}: the type test does not compile:\n${error.stdout}${error.stderr}`,
    );
  }
}

const RUNTIME_CHECK = `import { defineTool, parseToolCallArguments, validateToolArguments } from "@toolwright/tool-core";
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
`;

/** Exactly-equal types, or a compile error at the assignment of \`true\`. */
const EQUALS = `type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
`;

const JSON_SCHEMA_TOOL = `const jsonSchemaTool = defineTool({
  name: "read_file",
  description: "Read a file",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  execute: async (params) => {
    const exact: Equals<typeof params, Readonly<Record<string, unknown>>> = true;
    // @ts-expect-error a JSON Schema tool's params are unknown until narrowed
    const path: string = params.path;
    return { content: [{ type: "text", text: String(exact) + path }] };
  },
});
export { jsonSchemaTool };
`;

const TYPES_WITH_TYPEBOX = `import { Type } from "@sinclair/typebox";
import { defineTool, type ToolParams } from "@toolwright/tool-core";
${EQUALS}
const ReadFile = Type.Object({ path: Type.String(), offset: Type.Optional(Type.Integer()) });
const typeboxTool = defineTool({
  name: "read_file",
  description: "Read a file",
  parameters: ReadFile,
  output: {
    schema: Type.Object({ lines: Type.Number() }),
    render: (value) => {
      const exact: Equals<typeof value, { lines: number }> = true;
      return String(exact);
    },
  },
  execute: async (params) => {
    const exact: Equals<typeof params, { path: string; offset?: number }> = true;
    // @ts-expect-error path is a string
    const wrong: number = params.path;
    return { lines: String(exact).length + wrong };
  },
});
const inferred: Equals<ToolParams<typeof ReadFile>, { path: string; offset?: number }> = true;
export { typeboxTool, inferred };
${JSON_SCHEMA_TOOL}`;

const TYPES_WITHOUT_TYPEBOX = `import { defineTool } from "@toolwright/tool-core";
${EQUALS}
${JSON_SCHEMA_TOOL}`;

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

  const typebox = realpathSync(
    join(root, "packages", "tool-core", "node_modules", "@sinclair", "typebox"),
  );
  checkProject(join(directory, "with-typebox"), [...tarballs, typebox], TYPES_WITH_TYPEBOX);
  checkProject(join(directory, "without-typebox"), tarballs, TYPES_WITHOUT_TYPEBOX);
} catch (error) {
  process.stderr.write(
    `check-packed-install: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
