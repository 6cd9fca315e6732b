// Records the `inputSchema` of every tool of real MCP servers, over stdio with plain JSON-RPC.
// Run once by hand (see src/__fixtures__/README.md); the output is committed as a fixture.
//   node scripts/record-mcp-schemas.mjs <out.json> -- <label> <command> [args…] -- <label> <command> …
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";

const [outFile, ...rest] = process.argv.slice(2);
const servers = rest
  .join("\u0000")
  .split("--")
  .map((part) => part.split("\u0000").filter(Boolean))
  .filter((part) => part.length > 1);

async function listTools(label, command, args) {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  let buffer = "";
  const pending = new Map();
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (line === "") continue;
      const message = JSON.parse(line);
      if (message.id !== undefined && pending.has(message.id)) {
        pending.get(message.id)(message);
        pending.delete(message.id);
      }
    }
  });
  let nextId = 1;
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${label}: ${method} timed out`)), 30_000);
      pending.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${label}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  const initialized = await request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "toolwright-providers-fixture", version: "0.0.0" },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const tools = [];
  let cursor;
  do {
    const page = await request("tools/list", cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  child.kill("SIGKILL");
  return {
    server: label,
    serverInfo: initialized.serverInfo,
    protocolVersion: initialized.protocolVersion,
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? "",
      inputSchema: tool.inputSchema,
    })),
  };
}

const recorded = [];
for (const [label, command, ...args] of servers)
  recorded.push(await listTools(label, command, args));
writeFileSync(outFile, `${JSON.stringify(recorded, null, 2)}\n`);
console.error(
  `wrote ${recorded.reduce((sum, entry) => sum + entry.tools.length, 0)} tool schemas to ${outFile}`,
);
