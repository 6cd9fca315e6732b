import type { Message, SystemMessage, Tool } from "@toolwright/tool-core";
import { ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { declareToolChanges } from "./declare-tool-changes";
import { getCurrentTools } from "./get-current-tools";
import type { RoleMessage } from "./role-message";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";

const read = makeTestTool("read");
const write = makeTestTool("write");
const search = makeTestTool("search");
const readChanged = makeTestTool("read", { description: "Reads a file, now with line numbers" });

const user: Message = { role: "user", content: "hi", timestamp: 1 };
const now = () => 42;

function systemWith(tools: readonly Tool[], removed: readonly string[] = []): SystemMessage {
  return {
    role: "system",
    content: "",
    timestamp: 0,
    ...(tools.length > 0 ? { toolsAdded: tools.map((tool) => toToolDeclaration(tool)) } : {}),
    ...(removed.length > 0 ? { toolsRemoved: removed.map((name) => ({ name })) } : {}),
  };
}

/** The declarations keyed by name, so two states compare regardless of tool order. */
function byName(declarations: readonly { name: string }[]): Record<string, unknown> {
  return Object.fromEntries(declarations.map((declaration) => [declaration.name, declaration]));
}

function expectInvariant(
  messages: readonly Message[],
  result: readonly RoleMessage[],
  tools: readonly Tool[],
): void {
  expect(byName(getCurrentTools([...messages, ...result]))).toStrictEqual(
    byName(tools.map((tool) => toToolDeclaration(tool))),
  );
}

describe("declareToolChanges", () => {
  it.each([
    {
      rule: "no tools and nothing declared",
      messages: [user],
      tools: undefined,
      pending: [user],
    },
    {
      rule: "the same tools already declared",
      messages: [systemWith([read, write]), user],
      tools: [read, write],
      pending: [user],
    },
    {
      rule: "the same tools in another order",
      messages: [systemWith([read, write]), user],
      tools: [write, read],
      pending: [user],
    },
    {
      rule: "the change already pending",
      messages: [systemWith([read]), user],
      tools: [read, write],
      pending: [systemWith([write]), user],
    },
    {
      rule: "an empty pending list",
      messages: [systemWith([read])],
      tools: [read],
      pending: [],
    },
  ])(
    "should return the same pending array when nothing changed: $rule",
    ({ messages, tools, pending }) => {
      const result = declareToolChanges({ messages, tools }, pending, { now });
      expect(result).toBe(pending);
    },
  );

  it.each([
    {
      rule: "declare the first tools before the first non-system message",
      messages: [],
      tools: [read, write],
      pending: [user],
      expected: [systemWith([read, write]), user],
    },
    {
      rule: "append the declaration to an empty pending list",
      messages: [user],
      tools: [read],
      pending: [],
      expected: [systemWith([read])],
    },
    {
      rule: "remove every tool when tools is undefined",
      messages: [systemWith([read, write])],
      tools: undefined,
      pending: [user],
      expected: [systemWith([], ["read", "write"]), user],
    },
    {
      rule: "remove and add a changed tool in one message",
      messages: [systemWith([read, write]), user],
      tools: [readChanged, write],
      pending: [user],
      expected: [systemWith([readChanged], ["read"]), user],
    },
    {
      rule: "add only what is new",
      messages: [systemWith([read]), user],
      tools: [read, search],
      pending: [user],
      expected: [systemWith([search]), user],
    },
  ])("should insert a declaration message: $rule", ({ messages, tools, pending, expected }) => {
    const result = declareToolChanges({ messages, tools }, pending, { now });
    expect(result).toStrictEqual(
      expected.map((message) =>
        message.role === "system" ? { ...message, timestamp: 42 } : message,
      ),
    );
    expectInvariant(messages, result as Message[], tools ?? []);
  });

  it("should write into the last pending system message, recomputing its tool fields", () => {
    const prompt: SystemMessage = { role: "system", content: "You are terse.", timestamp: 7 };
    const intent: SystemMessage = {
      role: "system",
      content: "Tools changed.",
      timestamp: 8,
      // Wrong intent: claims search was added and read removed; it is recomputed.
      toolsAdded: [toToolDeclaration(search)],
      toolsRemoved: [{ name: "read" }],
    };
    const messages = [systemWith([read]), user];
    const pending = [prompt, intent, user];
    const result = declareToolChanges({ messages, tools: [read, write] }, pending, { now });
    expect(result).toStrictEqual([
      prompt,
      {
        role: "system",
        content: "Tools changed.",
        timestamp: 8,
        toolsAdded: [toToolDeclaration(write)],
      },
      user,
    ]);
    expect(result[0]).toBe(prompt);
    expect(result[1]).not.toBe(intent);
    expect(intent.toolsRemoved).toStrictEqual([{ name: "read" }]);
    expect(pending).toStrictEqual([prompt, intent, user]);
    expectInvariant(messages, result as Message[], [read, write]);
  });

  it("should omit both tool fields when the last pending system message alone was wrong", () => {
    const intent: SystemMessage = {
      role: "system",
      content: "x",
      timestamp: 8,
      toolsRemoved: [{ name: "read" }],
    };
    const result = declareToolChanges({ messages: [systemWith([read])], tools: [read] }, [intent]);
    expect(result).toStrictEqual([{ role: "system", content: "x", timestamp: 8 }]);
  });

  it("should count earlier pending system messages as already declared", () => {
    const messages = [systemWith([read])];
    const pending = [
      systemWith([write]),
      { role: "system", content: "later", timestamp: 3 } as const,
    ];
    const result = declareToolChanges({ messages, tools: [read, write, search] }, pending);
    expect(result[1]).toStrictEqual({
      role: "system",
      content: "later",
      timestamp: 3,
      toolsAdded: [toToolDeclaration(search)],
    });
  });

  it("should keep the other fields of a rewritten message, including a __proto__ key as data", () => {
    const parsed = JSON.parse(
      '{"role":"system","content":"c","timestamp":1,"model":"m","__proto__":{"polluted":true}}',
    ) as SystemMessage;
    const result = declareToolChanges({ messages: [], tools: [read] }, [parsed]);
    const rewritten = result[0] as SystemMessage & { model: string };
    expect(rewritten.model).toBe("m");
    expect(Object.getPrototypeOf(rewritten)).toBe(Object.prototype);
    expect(Object.hasOwn(rewritten, "__proto__")).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("should use Date.now for the inserted message by default", () => {
    const before = Date.now();
    const [declaration] = declareToolChanges({ messages: [], tools: [read] }, []);
    expect(declaration?.role).toBe("system");
    expect((declaration as SystemMessage).timestamp).toBeGreaterThanOrEqual(before);
  });

  it("should accept a ToolRegistry and see its later changes", () => {
    const registry = new ToolRegistry([read]);
    const transcript: Message[] = [];
    const turn = (pending: Message[]) => {
      const result = declareToolChanges({ messages: transcript, tools: registry }, pending, {
        now,
      });
      transcript.push(...(result as Message[]));
      return result;
    };
    const first = turn([user]);
    expect(first).toHaveLength(2);
    const second = [user];
    expect(turn(second)).toBe(second);
    registry.register(write);
    expect(turn([user])[0]).toStrictEqual({ ...systemWith([write]), timestamp: 42 });
    registry.unregister("read");
    expect(turn([user])[0]).toStrictEqual({ ...systemWith([], ["read"]), timestamp: 42 });
    expectInvariant(transcript, [], registry.list());
  });

  it("should give the right answer when the cached transcript is edited in place", () => {
    const transcript: Message[] = [systemWith([read, write]), user, user];
    const pending = [user];
    expect(declareToolChanges({ messages: transcript, tools: [read, write] }, pending)).toBe(
      pending,
    );
    // Someone rewrites history: the declaration now only has read.
    transcript[0] = systemWith([read]);
    const result = declareToolChanges({ messages: transcript, tools: [read, write] }, pending, {
      now,
    });
    expect(result).toStrictEqual([{ ...systemWith([write]), timestamp: 42 }, user]);
    // And truncates it to nothing.
    transcript.length = 0;
    const afterTruncation = declareToolChanges({ messages: transcript, tools: [read] }, pending, {
      now,
    });
    expect(afterTruncation).toStrictEqual([{ ...systemWith([read]), timestamp: 42 }, user]);
  });

  it("should not replay the committed transcript again on a no-change call", () => {
    // A getter on a message counts how often it is read: after the first call only the new tail
    // is replayed, so the old messages are never touched again.
    let reads = 0;
    const watched = Object.defineProperty({ content: "hi", timestamp: 0 }, "role", {
      get() {
        reads++;
        return "user";
      },
      enumerable: true,
    }) as Message;
    const transcript: Message[] = [systemWith([read]), watched, user];
    declareToolChanges({ messages: transcript, tools: [read] }, []);
    const readsAfterFirstCall = reads;
    for (let call = 0; call < 20; call++) {
      transcript.push(user);
      declareToolChanges({ messages: transcript, tools: [read] }, []);
    }
    expect(readsAfterFirstCall).toBeGreaterThan(0);
    expect(reads).toBe(readsAfterFirstCall);
  });
});
