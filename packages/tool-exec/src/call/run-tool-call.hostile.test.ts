import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { executeToolBatch } from "../batch/execute-tool-batch";
import { createToolCall, echoTool, expectComplete, firstText } from "../test-support";
import { executeToolCall } from "./execute-tool-call";
import { runToolCall } from "./run-tool-call";

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const throwingContent = {
  get content(): never {
    throw new Error("boom");
  },
};

function returning(name: string, value: () => unknown): Tool {
  return { name, description: "Returns what the test says", execute: () => value() as never };
}

const okCall = createToolCall("ok", "echo", { value: "sibling" });

describe("hostile values (SPEC §3.4)", () => {
  it("should fail only the call whose result has a throwing getter, keeping its sibling", async () => {
    const tools = [echoTool, returning("bad", () => throwingContent)];
    const batch = expectComplete(
      await executeToolBatch([createToolCall("bad", "bad"), okCall], { tools }),
    );
    expect(batch.outcomes.map((outcome) => outcome.errorType)).toEqual([
      "invalid_result",
      undefined,
    ]);
    expect(firstText(batch.messages[0] as never)).toBe(
      "Tool bad returned an invalid result: reading it threw: boom",
    );
    expect(firstText(batch.messages[1] as never)).toBe("sibling");
  });

  it("should resolve runToolCall and executeToolCall for such a result", async () => {
    const tools = [returning("bad", () => throwingContent)];
    const outcome = await runToolCall(createToolCall("1", "bad"), { tools });
    expect(outcome).toMatchObject({ isError: true, errorType: "invalid_result" });
    expect(typeof outcome.durationMs).toBe("number");
    const message = await executeToolCall(createToolCall("2", "bad"), tools);
    expect(message.isError).toBe(true);
  });

  it.each<[string, () => unknown]>([
    ["a revoked Proxy", revoked],
    [
      "a Proxy whose traps throw",
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error("trap");
            },
          },
        ),
    ],
  ])("should turn %s returned by a tool into invalid_result", async (_name, value) => {
    const outcome = await runToolCall(createToolCall("1", "bad"), {
      tools: [returning("bad", value)],
    });
    expect(outcome.errorType).toBe("invalid_result");
  });

  it("should end a call as before_tool_call_error when the hook's return cannot be read", async () => {
    const batch = expectComplete(
      await executeToolBatch([createToolCall("1", "echo", { value: "x" }), okCall], {
        tools: [echoTool],
        beforeToolCall: ({ toolCall }) =>
          toolCall.id === "1"
            ? ({
                get block(): never {
                  throw new Error("cannot read block");
                },
              } as never)
            : undefined,
      }),
    );
    expect(batch.outcomes[0]).toMatchObject({ errorType: "before_tool_call_error" });
    expect(firstText(batch.outcomes[0]?.result as never)).toBe("cannot read block");
    expect(batch.outcomes[1]?.isError).toBe(false);
  });

  it.each<[string, () => unknown]>([
    ["a revoked Proxy", revoked],
    ["fields with a throwing getter", () => throwingContent],
  ])(
    "should end a call as after_tool_call_error when afterToolCall returns %s",
    async (_name, patch) => {
      const batch = expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: "x" }), okCall], {
          tools: [echoTool],
          afterToolCall: ({ toolCall }) => (toolCall.id === "1" ? (patch() as never) : undefined),
        }),
      );
      expect(batch.outcomes[0]).toMatchObject({
        isError: true,
        errorType: "after_tool_call_error",
      });
      expect(firstText(batch.messages[1] as never)).toBe("sibling");
    },
  );

  it.each<[string, () => unknown, RegExp]>([
    ["a revoked Proxy", revoked, /^lockKeys of tool locked failed: Cannot perform/],
    [
      "an array whose element getter throws",
      () =>
        Object.defineProperty([], 0, {
          get() {
            throw new Error("no key");
          },
        }),
      /^lockKeys of tool locked failed: no key$/,
    ],
    ["a string", () => "key", /^lockKeys of tool locked must return an array of strings$/],
  ])("should end a call as lock_keys_error when lockKeys returns %s", async (_name, keys, text) => {
    const locked: Tool = { ...echoTool, name: "locked", lockKeys: () => keys() as never };
    const batch = expectComplete(
      await executeToolBatch([createToolCall("1", "locked", { value: "x" }), okCall], {
        tools: [echoTool, locked],
      }),
    );
    expect(batch.outcomes[0]?.errorType).toBe("lock_keys_error");
    expect(firstText(batch.outcomes[0]?.result as never)).toMatch(text);
    expect(batch.outcomes[1]?.isError).toBe(false);
  });

  it("should read a result once, so a value that changes between reads cannot slip through", async () => {
    let reads = 0;
    const changing = {
      get content() {
        reads++;
        return reads === 1 ? [{ type: "text", text: "first" }] : "not content";
      },
    };
    const message = await executeToolCall(createToolCall("1", "bad"), [
      returning("bad", () => changing),
    ]);
    expect(firstText(message)).toBe("first");
    expect(reads).toBe(1);
  });
});
