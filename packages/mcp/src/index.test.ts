import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import * as root from "./index";
import * as server from "./server";

describe("@toolwright/mcp entries", () => {
  it("should export the mount, content, request-seam and text names from the root and serveRegistry from ./server", () => {
    expect(Object.keys(root).sort()).toEqual(
      [
        "CANCELLED_BY_CLIENT",
        "McpBridgeError",
        "McpRequestSeam",
        "connectionClosedText",
        "getMcpRequest",
        "getMcpToolInfo",
        "inactivityText",
        "mapMcpContent",
        "mountMcpServer",
        "mountMcpServers",
        "notConnectedText",
        "refusedText",
      ].sort(),
    );
    expect(Object.keys(server)).toEqual(["serveRegistry"]);
  });

  it("should keep the root entry browser-safe: only type imports from the MCP SDK, no node: modules", async () => {
    const directory = new URL(".", import.meta.url);
    const files = (await readdir(directory)).filter(
      (file) =>
        file.endsWith(".ts") &&
        !file.includes(".test") &&
        !file.startsWith("serve-") &&
        !["server.ts", "test-support.ts", "to-served-tool.ts"].includes(file),
    );
    expect(files).toContain("index.ts");
    for (const file of files) {
      const source = await readFile(new URL(file, directory), "utf8");
      const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)";/gms)].map(
        (match) => match[1],
      );
      expect(
        runtimeImports.filter(
          (specifier) =>
            specifier?.startsWith("@modelcontextprotocol/") || specifier?.startsWith("node:"),
        ),
        file,
      ).toEqual([]);
    }
  });
});
