import type { Message } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { hasNonAdditiveToolChanges } from "./has-non-additive-tool-changes";
import {
  makeTestDeclaration as declaration,
  makeTestSystemMessage as system,
} from "./messages-test-support";

const user: Message = { role: "user", content: "hi", timestamp: 0 };

describe("hasNonAdditiveToolChanges", () => {
  it.each([
    { rule: "an empty transcript", messages: [], startIndex: 0, expected: false },
    {
      rule: "only additions",
      messages: [system([declaration("a")]), user, system([declaration("b")])],
      startIndex: 0,
      expected: false,
    },
    {
      rule: "a removal of a present tool",
      messages: [system([declaration("a")]), system([], ["a"])],
      startIndex: 0,
      expected: true,
    },
    {
      rule: "a removal of an absent name",
      messages: [system([declaration("a")]), system([], ["b"])],
      startIndex: 0,
      expected: false,
    },
    {
      rule: "a redefinition of a present name",
      messages: [system([declaration("a")]), system([declaration("a", "v2")])],
      startIndex: 0,
      expected: true,
    },
    {
      rule: "a name twice in one message",
      messages: [system([declaration("a"), declaration("a", "v2")])],
      startIndex: 0,
      expected: true,
    },
    {
      rule: "a re-addition after a removal, from the re-addition",
      messages: [system([declaration("a")]), system([], ["a"]), system([declaration("a")])],
      startIndex: 2,
      expected: false,
    },
    {
      rule: "a removal before startIndex",
      messages: [system([declaration("a")]), system([], ["a"]), user, system([declaration("b")])],
      startIndex: 2,
      expected: false,
    },
    {
      rule: "a removal at startIndex",
      messages: [system([declaration("a")]), user, system([], ["a"])],
      startIndex: 2,
      expected: true,
    },
    {
      rule: "tool fields on non-system messages",
      messages: [system([declaration("a")]), { ...user, toolsRemoved: [{ name: "a" }] }],
      startIndex: 0,
      expected: false,
    },
  ])("should report $expected for $rule", ({ messages, startIndex, expected }) => {
    expect(hasNonAdditiveToolChanges(messages as Message[], startIndex)).toBe(expected);
  });
});
