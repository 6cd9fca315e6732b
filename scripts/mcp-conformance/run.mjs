// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned in this
// folder's package.json with the Node 22 it needs) against Toolwright:
//   - server: the registry of packages/mcp/examples/conformance, served with serveRegistry over
//     Streamable HTTP on 127.0.0.1, through every server scenario the suite lists (`--suite all`);
//     the scenarios named in expected-failures.yml are out of scope, every other one must pass;
//   - client: four client scenarios against examples/conformance/client.ts (mountMcpServer and
//     the executor).
// Prints `mcp conformance: server N/N in scope, client 4/4` and exits 1 on any failure. Needs the
// packages built (`pnpm build`). Run with the project's own Node: `node scripts/mcp-conformance/run.mjs`.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const examples = join(root, "packages", "mcp", "examples", "conformance");
const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const node22 = join(here, "node_modules", "node", "bin", "node");
const cli = join(here, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const CLIENT_SCENARIOS = [
  "initialize",
  "tools_call",
  "sse-retry",
  "elicitation-sep1034-client-defaults",
];

/**
 * Scenarios of the pinned suite that cannot pass against a conformant server, with the checks
 * they fail and why. Only these exact warnings are accepted, and only for these scenarios.
 */
const SUITE_DEFECTS = {
  "server-sse-polling": {
    warnings: ["server-sse-priming-event", "server-sse-retry-field"],
    reason:
      "0.1.16 sends MCP-Protocol-Version 2025-03-26 on its raw requests, and a conformant server sends no priming event to a 2025-03-26 client (fixed in the suite after 0.1.16); packages/mcp's streamable-http-sessions test checks priming, retry and resumption at 2025-11-25",
  },
};

const started = Date.now();
install();
if (!existsSync(join(root, "packages", "mcp", "dist", "server.js"))) {
  fail("packages/mcp is not built: run `pnpm build` first");
}
const results = mkdtempSync(join(tmpdir(), "toolwright-mcp-conformance-"));
try {
  const outOfScope = readExpectedFailures(join(here, "expected-failures.yml"));
  const server = await runServerScenarios(outOfScope, join(results, "server"));
  const client = runClientScenarios(join(results, "client"));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const line of [...server.notes, ...server.failures, ...client.failures]) console.log(line);
  console.log(
    `(${seconds} s, suite ${manifest.dependencies["@modelcontextprotocol/conformance"]} on Node ${nodeVersion()})`,
  );
  console.log(
    `mcp conformance: server ${server.passed}/${server.total} in scope, client ${client.passed}/${CLIENT_SCENARIOS.length}`,
  );
  process.exitCode = server.failures.length + client.failures.length === 0 ? 0 : 1;
} finally {
  rmSync(results, { recursive: true, force: true });
}

/** Installs the pinned suite and Node 22 into this folder, unless they are already there. */
function install() {
  const installed = join(
    here,
    "node_modules",
    "@modelcontextprotocol",
    "conformance",
    "package.json",
  );
  const wanted = manifest.dependencies;
  if (
    existsSync(installed) &&
    JSON.parse(readFileSync(installed, "utf8")).version ===
      wanted["@modelcontextprotocol/conformance"] &&
    existsSync(node22) &&
    nodeVersion() === `v${wanted.node}`
  ) {
    return;
  }
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: here,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

function nodeVersion() {
  return execFileSync(node22, ["--version"], { encoding: "utf8" }).trim();
}

/** The scenario names under `server:` in the expected-failures file. */
function readExpectedFailures(path) {
  const names = [];
  let section;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const heading = /^(\w+):\s*$/.exec(line);
    if (heading) section = heading[1];
    const item = /^\s+-\s+([\w-]+)\s*$/.exec(line);
    if (item && section === "server") names.push(item[1]);
  }
  return new Set(names);
}

/** Every server scenario the suite lists, by name, from `conformance list --server`. */
function listServerScenarios() {
  const listing = execFileSync(node22, [cli, "list", "--server"], { encoding: "utf8" });
  return [...listing.matchAll(/^\s+-\s+([\w-]+)/gm)].map((match) => match[1]);
}

async function runServerScenarios(outOfScope, outputDirectory) {
  const scenarios = listServerScenarios();
  const unknown = [...outOfScope].filter((name) => !scenarios.includes(name));
  if (unknown.length > 0)
    fail(`expected-failures.yml names scenarios the suite does not list: ${unknown}`);
  const server = spawn(node22, [join(examples, "server.ts"), "0"], {
    cwd: join(root, "packages", "mcp"),
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let output = "";
      server.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /^listening (\S+)$/m.exec(output);
        if (match) resolve(match[1]);
      });
      server.on("exit", (code) => reject(new Error(`the conformance server exited with ${code}`)));
    });
    // The suite's own report is long; the checks files below are read instead.
    execFileSync(node22, [cli, "server", "--url", url, "--suite", "all", "-o", outputDirectory], {
      stdio: "ignore",
    });
  } catch (error) {
    // The suite exits 1 when any scenario fails (the out-of-scope ones always do); the checks
    // files below are what counts.
    if (error.status === undefined) throw error;
  } finally {
    server.kill("SIGKILL");
  }
  const checks = readChecks(outputDirectory, "server-");
  const notes = [];
  const failures = [];
  let passed = 0;
  const inScope = scenarios.filter((name) => !outOfScope.has(name));
  for (const name of inScope) {
    const problems = (
      checks.get(name) ?? [{ id: name, status: "FAILURE", errorMessage: "no result" }]
    ).filter((check) => check.status === "FAILURE" || check.status === "WARNING");
    const defect = SUITE_DEFECTS[name];
    const accepted =
      defect !== undefined &&
      problems.length > 0 &&
      problems.every((check) => check.status === "WARNING" && defect.warnings.includes(check.id));
    if (problems.length === 0 || accepted) passed += 1;
    else
      failures.push(
        ...problems.map(
          (check) => `server ${name}: ${check.status} ${check.id}: ${check.errorMessage ?? ""}`,
        ),
      );
    if (accepted)
      notes.push(
        `server ${name}: accepted ${problems.map((check) => check.id).join(", ")}: ${defect.reason}`,
      );
  }
  return { passed, total: inScope.length, notes, failures };
}

function runClientScenarios(outputDirectory) {
  const failures = [];
  let passed = 0;
  for (const name of CLIENT_SCENARIOS) {
    try {
      execFileSync(
        node22,
        [
          cli,
          "client",
          "--command",
          `${node22} ${join(examples, "client.ts")}`,
          "--scenario",
          name,
          "-o",
          outputDirectory,
        ],
        { cwd: join(root, "packages", "mcp"), stdio: "ignore" },
      );
    } catch (error) {
      if (error.status === undefined) throw error;
    }
    const problems = (
      readChecks(outputDirectory, "").get(name) ?? [
        { id: name, status: "FAILURE", errorMessage: "no result" },
      ]
    ).filter((check) => check.status === "FAILURE" || check.status === "WARNING");
    if (problems.length === 0) passed += 1;
    else
      failures.push(
        ...problems.map(
          (check) => `client ${name}: ${check.status} ${check.id}: ${check.errorMessage ?? ""}`,
        ),
      );
  }
  return { passed, failures };
}

/** The checks of each scenario in `directory`, whose folders are `<prefix><scenario>-<time>`. */
function readChecks(directory, prefix) {
  const byScenario = new Map();
  if (!existsSync(directory)) return byScenario;
  for (const folder of readdirSync(directory)) {
    const match = /^(.*)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder);
    if (!match?.[1].startsWith(prefix)) continue;
    const file = join(directory, folder, "checks.json");
    if (existsSync(file))
      byScenario.set(match[1].slice(prefix.length), JSON.parse(readFileSync(file, "utf8")));
  }
  return byScenario;
}

function fail(message) {
  console.error(`mcp conformance: ${message}`);
  process.exit(1);
}
