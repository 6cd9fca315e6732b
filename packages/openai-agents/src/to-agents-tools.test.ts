import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  RunState,
  Usage,
} from "@openai/agents-core";
import { Type } from "@sinclair/typebox";
import { defineTool, type Tool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentsTools } from "./to-agents-tools";

/** One scripted reply: the function calls the model asks for, or its final text. */
type Reply =
  | readonly { readonly id: string; readonly name: string; readonly args: string }[]
  | string;

/**
 * An implementation of the Agents SDK's own `Model` interface that plays `replies` in order and
 * keeps every request, as the SDK's runner sends them.
 */
function createScriptedModel(replies: readonly Reply[]) {
  const requests: ModelRequest[] = [];
  const model: Model = {
    async getResponse(request): Promise<ModelResponse> {
      requests.push(request);
      const reply = replies[requests.length - 1];
      if (reply === undefined) throw new Error(`the script has no reply ${requests.length}`);
      const output =
        typeof reply === "string"
          ? [
              {
                type: "message" as const,
                id: `msg_${requests.length}`,
                role: "assistant" as const,
                status: "completed" as const,
                content: [{ type: "output_text" as const, text: reply }],
              },
            ]
          : reply.map((call) => ({
              type: "function_call" as const,
              id: `fc_${call.id}`,
              callId: call.id,
              name: call.name,
              arguments: call.args,
              status: "completed" as const,
            }));
      return { usage: new Usage(), output, responseId: `resp_${requests.length}` };
    },
    getStreamedResponse() {
      throw new Error("not streamed in these tests");
    },
  };
  return { model, requests };
}

/** The function call outputs of the last request, by call id. */
function lastOutputs(requests: readonly ModelRequest[]): Record<string, unknown> {
  const input = requests.at(-1)?.input;
  const outputs: Record<string, unknown> = {};
  if (!Array.isArray(input)) return outputs;
  for (const item of input) {
    const entry = item as { type?: string; callId?: string; output?: unknown };
    if (entry.type === "function_call_result" && entry.callId !== undefined) {
      const output = entry.output as { type?: string; text?: string } | unknown;
      outputs[entry.callId] =
        typeof output === "object" &&
        output !== null &&
        (output as { type?: string }).type === "text"
          ? (output as { text: string }).text
          : output;
    }
  }
  return outputs;
}

const weather = defineTool({
  name: "weather",
  description: "The forecast for a city",
  parameters: Type.Object({
    city: Type.String(),
    days: Type.Integer({ minimum: 1 }),
    metric: Type.Boolean(),
    tags: Type.Optional(Type.Array(Type.String())),
  }),
  execute: (params) => ({
    content: [
      {
        type: "text",
        text: `${params.city}: ${params.days} days, ${params.metric ? "°C" : "°F"}, ${JSON.stringify(params.tags ?? [])}`,
      },
    ],
  }),
});

function agentWith(model: Model, tools: Tool[], options: Parameters<typeof toAgentsTools>[1] = {}) {
  return new Agent({
    name: "helper",
    instructions: "Help.",
    model,
    tools: toAgentsTools(tools, options),
  });
}

describe("toAgentsTools", () => {
  it("should repair sloppy arguments in the SDK's own run loop, and answer what it cannot repair", async () => {
    const { model, requests } = createScriptedModel([
      [
        {
          id: "c1",
          name: "weather",
          args: '{"city":"Paris","days":"3","metric":"true","tags":"sun"}',
        },
        { id: "c2", name: "weather", args: '{"city":"Oslo","days":"many","metric":null}' },
        { id: "c3", name: "weather", args: '{"city": "Rome"' },
      ],
      "Paris is sunny.",
    ]);
    const result = await new Runner({ tracingDisabled: true }).run(
      agentWith(model, [weather]),
      "Weather?",
    );
    expect(result.finalOutput).toBe("Paris is sunny.");
    const outputs = lastOutputs(requests);
    expect(outputs.c1).toBe('Paris: 3 days, °C, ["sun"]');
    expect(outputs.c2).toContain('Validation failed for tool "weather":');
    expect(outputs.c2).toContain("  - days: expected integer, got string");
    // Argument text that is not JSON never reaches the tool: the SDK answers it itself.
    expect(outputs.c3).toBe(
      "An error occurred while parsing tool arguments. Please try again with valid JSON.",
    );
  });

  it("should go strict with the compiled schema only where the OpenAI-strict compiler holds the whole schema", () => {
    const closed = defineTool({
      name: "closed",
      description: "All fields required, closed",
      parameters: Type.Object(
        { a: Type.String(), b: Type.Integer() },
        { additionalProperties: false },
      ),
      execute: () => ({ content: [] }),
    });
    const relaxed = defineTool({
      name: "relaxed",
      description: "A keyword strict mode cannot enforce",
      parameters: Type.Object({ homepage: Type.String({ format: "uri" }) }),
      execute: () => ({ content: [] }),
    });
    const dotted = defineTool({
      name: "github.search",
      description: "A dotted name",
      parameters: Type.Object({ q: Type.String() }),
      execute: () => ({ content: [] }),
    });
    const open = defineTool({
      name: "open",
      description: "Takes any extra field",
      parameters: Type.Object({ id: Type.String() }, { additionalProperties: true }),
      execute: () => ({ content: [] }),
    });
    const [closedTool, weatherTool, relaxedTool, dottedTool, openTool] = toAgentsTools([
      closed,
      weather,
      relaxed,
      dotted,
      open,
    ]);
    expect(closedTool).toMatchObject({ name: "closed", strict: true });
    expect(closedTool?.parameters).toMatchObject({
      additionalProperties: false,
      required: ["a", "b"],
    });
    // Optional `tags` becomes required and nullable in strict mode; a `null` is dropped again below.
    expect(weatherTool).toMatchObject({ name: "weather", strict: true });
    expect(weatherTool?.parameters).toMatchObject({ required: ["city", "days", "metric", "tags"] });
    expect(relaxedTool).toMatchObject({ name: "relaxed", strict: false });
    expect(relaxedTool?.parameters).toEqual(relaxed.parameters);
    expect(dottedTool?.name).toBe("github_search");
    expect(openTool).toMatchObject({ name: "open", strict: false, parameters: open.parameters });
  });

  it("should give the tool no null for an absent optional field the strict schema made the model send", async () => {
    const { model, requests } = createScriptedModel([
      [{ id: "c1", name: "weather", args: '{"city":"Paris","days":2,"metric":false,"tags":null}' }],
      "ok",
    ]);
    await new Runner({ tracingDisabled: true }).run(agentWith(model, [weather]), "Weather?");
    expect(lastOutputs(requests).c1).toBe("Paris: 2 days, °F, []");
  });

  it("should honour lock keys across the calls of one parallel step", async () => {
    const log: string[] = [];
    const releases = new Map<string, () => void>();
    const started = (id: string) => new Promise<void>((resolve) => startWaiters.set(id, resolve));
    const startWaiters = new Map<string, () => void>();
    const write = defineTool({
      name: "write_file",
      description: "Write a file",
      parameters: Type.Object({ path: Type.String() }),
      lockKeys: (params) => [params.path],
      execute: async (params, context) => {
        log.push(`start ${context.toolCallId}`);
        startWaiters.get(context.toolCallId)?.();
        await new Promise<void>((resolve) => releases.set(context.toolCallId, resolve));
        log.push(`end ${context.toolCallId}`);
        return { content: [{ type: "text", text: `wrote ${params.path}` }] };
      },
    });
    const { model, requests } = createScriptedModel([
      [
        { id: "a1", name: "write_file", args: '{"path":"a"}' },
        { id: "b1", name: "write_file", args: '{"path":"b"}' },
        { id: "a2", name: "write_file", args: '{"path":"a"}' },
      ],
      "written",
    ]);
    const a1 = started("a1");
    const b1 = started("b1");
    const running = new Runner({ tracingDisabled: true }).run(agentWith(model, [write]), "write");
    await Promise.all([a1, b1]);
    expect(log).toEqual(["start a1", "start b1"]);
    const a2 = started("a2");
    releases.get("a1")?.();
    await a2;
    expect(log).toEqual(["start a1", "start b1", "end a1", "start a2"]);
    releases.get("b1")?.();
    releases.get("a2")?.();
    await running;
    expect(lastOutputs(requests)).toEqual({ a1: "wrote a", b1: "wrote b", a2: "wrote a" });
  });

  it("should ask through the SDK's interruptions and run the call once approved from a serialized RunState", async () => {
    const deleted: string[] = [];
    const remove = defineTool({
      name: "delete_file",
      description: "Delete a file",
      parameters: Type.Object({ path: Type.String(), force: Type.Optional(Type.Boolean()) }),
      needsApproval: (params) => (params.force === true ? { reason: "forced" } : false),
      execute: (params) => {
        deleted.push(params.path);
        return { content: [{ type: "text", text: `deleted ${params.path}` }] };
      },
    });
    const { model, requests } = createScriptedModel([
      [
        { id: "c1", name: "delete_file", args: '{"path":"old.log","force":"true"}' },
        { id: "c2", name: "delete_file", args: '{"path":"tmp.txt"}' },
      ],
      "cleaned",
    ]);
    const agent = agentWith(model, [remove]);
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, "clean up");
    expect(first.interruptions.map((item) => (item.rawItem as { callId?: string }).callId)).toEqual(
      ["c1"],
    );
    // Stored, then restored — in another request or process, the SDK's way.
    const stored = first.state.toString();
    const restored = await RunState.fromString(agent, stored);
    for (const interruption of restored.getInterruptions()) restored.approve(interruption);
    const second = await runner.run(agent, restored);
    expect(second.finalOutput).toBe("cleaned");
    expect(deleted.sort()).toEqual(["old.log", "tmp.txt"]);
    expect(lastOutputs(requests)).toEqual({ c1: "deleted old.log", c2: "deleted tmp.txt" });
  });

  it("should give a rejected call the SDK's rejection and never run it", async () => {
    const deleted: string[] = [];
    const remove = defineTool({
      name: "delete_file",
      description: "Delete a file",
      parameters: Type.Object({ path: Type.String() }),
      needsApproval: true,
      execute: (params) => {
        deleted.push(params.path);
        return { content: [] };
      },
    });
    const { model, requests } = createScriptedModel([
      [{ id: "c1", name: "delete_file", args: '{"path":"x"}' }],
      "ok",
    ]);
    const agent = agentWith(model, [remove]);
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, "clean up");
    const restored = await RunState.fromString(agent, first.state.toString());
    for (const interruption of restored.getInterruptions()) restored.reject(interruption);
    await runner.run(agent, restored);
    expect(deleted).toEqual([]);
    expect(String(lastOutputs(requests).c1)).toMatch(/reject|denied|not approved/i);
  });

  it("should fail closed when needsApproval throws, and pass the run's context to hooks", async () => {
    let executed = false;
    const seen: unknown[] = [];
    const risky = defineTool({
      name: "risky",
      description: "Risky",
      parameters: Type.Object({}),
      needsApproval: () => {
        throw new Error("policy service down");
      },
      execute: () => {
        executed = true;
        return { content: [] };
      },
    });
    const { model, requests } = createScriptedModel([
      [{ id: "r", name: "risky", args: "{}" }],
      "ok",
    ]);
    const agent = agentWith(model, [risky], {
      beforeToolCall: ({ context }) => {
        seen.push(context);
        return undefined;
      },
    });
    await new Runner({ tracingDisabled: true }).run(agent, "go", { context: { user: "ada" } });
    expect(executed).toBe(false);
    expect(seen).toEqual([{ user: "ada" }]);
    expect(lastOutputs(requests).r).toBe("needsApproval of tool risky failed: policy service down");
  });

  it("should refuse a tool source that is not a registry or an array of tools", () => {
    expect(() => toAgentsTools("tools" as never)).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENT" }),
    );
  });
});
