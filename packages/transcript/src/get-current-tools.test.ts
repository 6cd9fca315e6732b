import type { Message, ToolDeclaration } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { getCurrentTools } from "./get-current-tools";
import {
  makeTestDeclaration as declaration,
  makeTestSystemMessage as system,
} from "./messages-test-support";
import { TranscriptError } from "./transcript-error";

const user: Message = { role: "user", content: "hi", timestamp: 0 };

function describeTools(messages: readonly Message[]): string[] {
  return getCurrentTools(messages).map((tool) => `${tool.name}:${tool.description}`);
}

describe("getCurrentTools", () => {
  it.each([
    { rule: "start with no tools", messages: [], expected: [] },
    {
      rule: "add tools in declaration order",
      messages: [system([declaration("a"), declaration("b")])],
      expected: ["a:The a tool", "b:The b tool"],
    },
    {
      rule: "remove a tool",
      messages: [system([declaration("a"), declaration("b")]), system([], ["a"])],
      expected: ["b:The b tool"],
    },
    {
      rule: "keep a redefinition in its place",
      messages: [system([declaration("a"), declaration("b")]), system([declaration("a", "new a")])],
      expected: ["a:new a", "b:The b tool"],
    },
    {
      rule: "move a tool removed and added again (two messages) to the end",
      messages: [
        system([declaration("a"), declaration("b")]),
        system([], ["a"]),
        system([declaration("a", "new a")]),
      ],
      expected: ["b:The b tool", "a:new a"],
    },
    {
      rule: "leave a tool removed and added in one message present, at the end",
      messages: [
        system([declaration("a"), declaration("b")]),
        system([declaration("a", "new a")], ["a"]),
      ],
      expected: ["b:The b tool", "a:new a"],
    },
    {
      rule: "ignore the removal of an absent name",
      messages: [system([declaration("a")]), system([], ["zzz"])],
      expected: ["a:The a tool"],
    },
    {
      rule: "ignore non-system messages, even with tool-like fields",
      messages: [
        system([declaration("a")]),
        user,
        { ...user, toolsRemoved: [{ name: "a" }] } as unknown as Message,
      ],
      expected: ["a:The a tool"],
    },
  ])("should $rule", ({ messages, expected }) => {
    expect(describeTools(messages as Message[])).toStrictEqual(expected);
  });

  it("should accept any message type with a role", () => {
    const messages = [
      { role: "developer", text: "x" },
      { role: "system", toolsAdded: [declaration("a")] },
    ];
    expect(getCurrentTools(messages).map((tool) => tool.name)).toStrictEqual(["a"]);
  });

  it.each([
    { message: null, reason: "Message 1 is not an object" },
    {
      message: { role: "system", toolsAdded: {} },
      reason: "Message 1: toolsAdded must be an array",
    },
    {
      message: { role: "system", toolsRemoved: ["a"] },
      reason: "Message 1: toolsRemoved[0] must be an object with a string name",
    },
    {
      message: { role: "system", toolsAdded: [{ description: "no name" }] },
      reason: "Message 1: toolsAdded[0] must be an object with a string name",
    },
  ])("should throw INVALID_MESSAGE: $reason", ({ message, reason }) => {
    const messages = [system([declaration("a")]), message] as unknown as Message[];
    expect(() => getCurrentTools(messages)).toThrow(reason);
    try {
      getCurrentTools(messages);
    } catch (error) {
      expect(TranscriptError.isInstance(error) && error.code).toBe("INVALID_MESSAGE");
    }
  });

  describe("with the incremental cache", () => {
    it("should see messages appended to the same array", () => {
      const messages: Message[] = [system([declaration("a")]), user];
      expect(describeTools(messages)).toStrictEqual(["a:The a tool"]);
      messages.push(system([declaration("b")]), user);
      expect(describeTools(messages)).toStrictEqual(["a:The a tool", "b:The b tool"]);
      messages.push(system([], ["a"]));
      expect(describeTools(messages)).toStrictEqual(["b:The b tool"]);
    });

    it.each([
      {
        edit: "replacing a tool-changing message in place",
        apply: (messages: Message[]) => {
          messages[2] = system([declaration("c")]);
        },
        expected: ["a:The a tool", "c:The c tool"],
      },
      {
        edit: "truncating the array",
        apply: (messages: Message[]) => {
          messages.length = 2;
        },
        expected: ["a:The a tool"],
      },
      {
        edit: "truncating and appending as many messages",
        apply: (messages: Message[]) => {
          messages.splice(2, 2, user, user);
        },
        expected: ["a:The a tool"],
      },
      {
        edit: "removing a message in the middle",
        apply: (messages: Message[]) => {
          messages.splice(0, 1);
        },
        expected: ["b:The b tool"],
      },
      {
        edit: "pushing into a replayed toolsAdded array",
        apply: (messages: Message[]) => {
          (messages[2] as unknown as { toolsAdded: ToolDeclaration[] }).toolsAdded.push(
            declaration("d"),
          );
        },
        expected: ["a:The a tool", "b:The b tool", "d:The d tool"],
      },
      {
        edit: "replacing the last message",
        apply: (messages: Message[]) => {
          messages[3] = system([], ["a"]);
        },
        expected: ["b:The b tool"],
      },
    ])("should give the right tools after $edit", ({ apply, expected }) => {
      const messages: Message[] = [
        system([declaration("a")]),
        user,
        system([declaration("b")]),
        user,
      ];
      expect(describeTools(messages)).toStrictEqual(["a:The a tool", "b:The b tool"]);
      apply(messages);
      expect(describeTools(messages)).toStrictEqual(expected);
    });

    it("should replay a new array that extends the previous one", () => {
      const committed: Message[] = [system([declaration("a")]), user];
      expect(describeTools(committed)).toStrictEqual(["a:The a tool"]);
      const next = [...committed, system([], ["a"])];
      expect(describeTools(next)).toStrictEqual([]);
      // The first array's own replay is untouched by the second.
      expect(describeTools(committed)).toStrictEqual(["a:The a tool"]);
    });

    it("should start a new array that extends the last replayed one from that replay", () => {
      // A getter counts how often the old message is read: the copy-and-append pattern must not
      // replay the committed prefix again.
      let reads = 0;
      const watched = Object.defineProperty({ content: "hi", timestamp: 0 }, "role", {
        get() {
          reads++;
          return "user";
        },
        enumerable: true,
      }) as Message;
      let messages: Message[] = [system([declaration("a")]), watched];
      getCurrentTools(messages);
      const readsAfterFirstReplay = reads;
      for (let turn = 0; turn < 5; turn++) {
        messages = [...messages, user, system([declaration(`t${turn}`)])];
        expect(getCurrentTools(messages)).toHaveLength(turn + 2);
      }
      expect(reads).toBe(readsAfterFirstReplay);
    });

    it("should return a new array the caller may change", () => {
      const messages = [system([declaration("a")])];
      const tools = getCurrentTools(messages);
      tools.pop();
      expect(describeTools(messages)).toStrictEqual(["a:The a tool"]);
    });
  });
});
