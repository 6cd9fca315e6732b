// The client side of the official MCP conformance suite: `conformance client --command
// "node examples/conformance/client.ts"` starts it with the scenario's server URL as its last
// argument and the scenario's name in MCP_CONFORMANCE_SCENARIO. It mounts the server into a
// registry with mountMcpServer and makes each call through the executor, as an agent would.
//
//   (Node ≥ 22.18 runs the TypeScript as is.)
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { mountMcpServer } from "@toolwright/mcp";
import { ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch } from "@toolwright/tool-exec";

/** The tool call each scenario needs, as a model would write it; `undefined`: none. */
const CALLS: Record<string, { name: string; arguments: Record<string, unknown> } | undefined> = {
  initialize: undefined,
  tools_call: { name: "add_numbers", arguments: { a: 5, b: 3 } },
  "sse-retry": { name: "test_reconnection", arguments: {} },
  "elicitation-sep1034-client-defaults": {
    name: "test_client_elicitation_defaults",
    arguments: {},
  },
};

async function main(): Promise<void> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const url = process.argv.at(-1);
  if (!(scenario in CALLS) || url === undefined || !URL.canParse(url)) {
    throw new Error(
      `Usage: MCP_CONFORMANCE_SCENARIO=<${Object.keys(CALLS).join("|")}> client.ts <url>`,
    );
  }
  const client = new Client(
    { name: "toolwright-conformance-client", version: "1.0.0" },
    // The user accepts every form as offered: the client fills in the schema's defaults.
    { capabilities: { elicitation: { form: { applyDefaults: true } } } },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: {} }));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      reconnectionOptions: {
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 10_000,
        reconnectionDelayGrowFactor: 1.5,
        maxRetries: 3,
      },
    }),
  );
  const registry = new ToolRegistry();
  const mount = await mountMcpServer(registry, client, { id: "conformance", prefix: "" });
  try {
    const call = CALLS[scenario];
    if (call === undefined) return;
    const outcome = await executeToolBatch(
      [{ type: "toolCall", id: "call-1", name: call.name, arguments: call.arguments }],
      { tools: registry },
    );
    if (outcome.status !== "complete") throw new Error(`The batch ended ${outcome.status}`);
    const [message] = outcome.messages;
    process.stdout.write(`${JSON.stringify(message)}\n`);
    if (message === undefined || message.isError) throw new Error(`${call.name} failed`);
  } finally {
    await mount.close();
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
