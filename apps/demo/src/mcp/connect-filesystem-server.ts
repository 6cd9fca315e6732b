import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/**
 * Starts the reference filesystem MCP server from the installed package (this Node, no npx, no
 * network) on `root` and connects a v2 client to it over stdio.
 */
export async function connectFilesystemServer(root: string): Promise<Client> {
  const entry = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/server-filesystem/dist/index.js",
  );
  const client = new Client({ name: "toolwright-demo", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [entry, root], stderr: "ignore" }),
  );
  return client;
}
