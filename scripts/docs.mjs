#!/usr/bin/env node
// `pnpm docs`: the API reference of every published package as one TypeDoc site in docs/api/
// (git-ignored). Run by `pnpm test` too, where any TypeDoc warning fails the run: an export
// without a doc comment, a `{@link}` that resolves to nothing, a public type that refers to one
// that is not exported (its page would be missing).
//
// The entry points come from each package's `exports` map (dist/<name>.d.ts is built from
// src/<name>.ts), all in one TypeScript program whose `@toolwright/*` imports resolve to the
// sources, so a type of tool-core used in tool-exec's API links to tool-core's page.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Application, ReflectionKind } from "typedoc";
import { listPublishedPackages } from "./lib/published-packages.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(root, "docs", "api");
const packages = listPublishedPackages(root);

// Every export needs a doc comment, and so does every method. Fields are required on the types a
// program reads field by field — messages, content blocks, batch outcomes, events, journal
// records — listed here; other interfaces document the fields whose name does not say it all.
const REQUIRED_KINDS = [
  "Enum",
  "Variable",
  "Function",
  "Class",
  "Interface",
  "TypeAlias",
  "Constructor",
  "Method",
  "Accessor",
];
const FIELD_DOCUMENTED_TYPES = new Set([
  // @toolwright/tool-core: the conversation and what a tool returns
  "SystemMessage",
  "UserMessage",
  "AssistantMessage",
  "ToolResultMessage",
  "ToolCall",
  "ThinkingContent",
  "Usage",
  "ToolResult",
  "ToolUpdate",
  "TextContent",
  "ImageContent",
  "AudioContent",
  "FileDataContent",
  "FileUrlContent",
  "ResourceLinkContent",
  "ResourceContent",
  "TextResourceContents",
  "BlobResourceContents",
  // @toolwright/tool-exec: outcomes, events, journal records
  "CompletedToolBatch",
  "SuspendedToolBatch",
  "ToolCallOutcome",
  "ToolCallApproval",
  "SerializedOutcome",
  "ToolExecutionStartEvent",
  "ToolExecutionUpdateEvent",
  "ToolExecutionEndEvent",
  "ToolResultEvent",
  "ToolApprovalRequestedEvent",
  "ToolApprovalResolvedEvent",
  "ToolBatchSuspendedEvent",
  "BatchRecord",
  "ApprovalRecord",
  "DecisionRecord",
  "RevisionRecord",
  "StartedRecord",
  "SettledRecord",
  "CompletedRecord",
]);

// The module each entry point becomes, by source file: "@toolwright/tool-exec/node".
const moduleNames = new Map();
const foundTypes = new Set();
const paths = {};
for (const pkg of packages) {
  for (const entry of pkg.entries) {
    const source = join(pkg.directory, entry.source);
    const specifier = entry.subpath === "." ? pkg.name : `${pkg.name}/${entry.subpath.slice(2)}`;
    moduleNames.set(source, specifier);
    paths[specifier] = [relative(cacheDirectory(), source)];
  }
}

const tsconfig = join(cacheDirectory(), "tsconfig.docs.json");
mkdirSync(dirname(tsconfig), { recursive: true });
writeFileSync(
  tsconfig,
  `${JSON.stringify(
    {
      extends: relative(cacheDirectory(), join(root, "tsconfig.base.json")),
      // JSX only for @toolwright/console's server-rendered pages (Hono's JSX, as its tsconfig says).
      compilerOptions: { types: ["node"], paths, jsx: "react-jsx", jsxImportSource: "hono/jsx" },
      files: [...moduleNames.keys()].map((file) => relative(cacheDirectory(), file)),
    },
    null,
    2,
  )}\n`,
);

const app = await Application.bootstrapWithPlugins({
  name: "Toolwright",
  entryPoints: [...moduleNames.keys()],
  entryPointStrategy: "resolve",
  tsconfig,
  out,
  readme: join(root, "docs", "api-index.md"),
  excludeExternals: true,
  excludePrivate: true,
  excludeProtected: true,
  disableSources: true,
  githubPages: false,
  hideGenerator: true,
  highlightLanguages: ["typescript", "javascript", "json", "jsonc", "sh", "bash", "sql", "text"],
  validation: {
    notExported: true,
    invalidLink: true,
    invalidPath: true,
    rewrittenLink: true,
    notDocumented: true,
    unusedMergeModuleWith: true,
  },
  // The symbols belong to the packages' own package.json files, not the private root's.
  requiredToBeDocumented: REQUIRED_KINDS,
  packagesRequiringDocumentation: packages.map((pkg) => pkg.name),
  treatWarningsAsErrors: true,
  logLevel: "Info",
});

const project = await app.convert();
if (project === undefined) {
  process.stderr.write("docs: TypeDoc could not convert the packages (see above)\n");
  process.exit(1);
}
// TypeDoc names a module after its path (tool-exec/src/node); users import it by package name.
for (const module of project.children ?? []) {
  const name = [...moduleNames].find(([file]) => displayNameOf(file) === module.name)?.[1];
  if (name === undefined) {
    process.stderr.write(`docs: no package entry point for the module "${module.name}"\n`);
    process.exit(1);
  }
  module.name = name;
}
app.validate(project);
const undocumented = findUndocumentedFields(project);
for (const field of undocumented)
  app.logger.warn(`${field} is a field of a data type and has no documentation`);
const missingTypes = [...FIELD_DOCUMENTED_TYPES].filter((name) => !foundTypes.has(name));
for (const name of missingTypes)
  app.logger.warn(`docs.mjs names ${name} as a data type, but no package exports it`);
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  process.stderr.write("docs: TypeDoc reported problems (above); nothing was written\n");
  process.exit(1);
}
await app.generateDocs(project, out);
if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
process.stdout.write(
  `docs: ${moduleNames.size} entry points of ${packages.length} packages → ${relative(root, out)}/index.html\n`,
);

/** The fields without a comment of the types in FIELD_DOCUMENTED_TYPES, as `module.Type.field`. */
function findUndocumentedFields(project) {
  const problems = [];
  for (const module of project.children ?? []) {
    for (const type of module.children ?? []) {
      if (!FIELD_DOCUMENTED_TYPES.has(type.name)) continue;
      if (!type.kindOf(ReflectionKind.Interface)) continue;
      foundTypes.add(type.name);
      for (const field of type.children ?? []) {
        if (!field.kindOf(ReflectionKind.Property) || field.hasComment()) continue;
        problems.push(`${module.name}.${type.name}.${field.name}`);
      }
    }
  }
  return problems;
}

/** Where the generated tsconfig lives: under node_modules, never committed. */
function cacheDirectory() {
  return join(root, "node_modules", ".cache", "toolwright-docs");
}

/** TypeDoc's name for an entry point: its path below the common folder, without /index or .ts. */
function displayNameOf(file) {
  const common = join(root, "packages");
  return relative(common, file)
    .replace(/\.ts$/, "")
    .replace(/\/index$/, "");
}
