import type { ToolDeclaration } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { getToolStateChanges } from "./get-tool-state-changes";
import { makeTestDeclaration as declaration } from "./messages-test-support";
import { makeTestTool } from "./tool-test-support";

describe("getToolStateChanges", () => {
  it.each([
    {
      rule: "report nothing for equal states",
      previous: ["a", "b"],
      current: ["a", "b"],
      added: [],
      removed: [],
    },
    {
      rule: "ignore a new order",
      previous: ["a", "b"],
      current: ["b", "a"],
      added: [],
      removed: [],
    },
    {
      rule: "add new tools in current order",
      previous: ["a"],
      current: ["c", "a", "b"],
      added: ["c", "b"],
      removed: [],
    },
    {
      rule: "remove missing tools in previous order",
      previous: ["c", "a", "b"],
      current: ["a"],
      added: [],
      removed: ["c", "b"],
    },
    {
      rule: "both add and remove",
      previous: ["a", "b"],
      current: ["b", "c"],
      added: ["c"],
      removed: ["a"],
    },
    {
      rule: "add everything from empty",
      previous: [],
      current: ["a", "b"],
      added: ["a", "b"],
      removed: [],
    },
  ])("should $rule", ({ previous, current, added, removed }) => {
    const changes = getToolStateChanges(
      previous.map((name) => declaration(name)),
      current.map((name) => declaration(name)),
    );
    expect(changes.toolsAdded.map((tool) => tool.name)).toStrictEqual(added);
    expect(changes.toolsRemoved).toStrictEqual(removed.map((name) => ({ name })));
  });

  it("should put a changed definition in both toolsRemoved and toolsAdded", () => {
    const changes = getToolStateChanges(
      [declaration("a"), declaration("b")],
      [declaration("a", "changed"), declaration("b")],
    );
    expect(changes).toStrictEqual({
      toolsAdded: [declaration("a", "changed")],
      toolsRemoved: [{ name: "a" }],
    });
  });

  it("should compare tools with declarations and add fresh declarations", () => {
    const tool = makeTestTool("read", { label: "Read" });
    const unchanged = getToolStateChanges(
      [
        {
          ...declaration("read"),
          ...{
            description: tool.description,
            parameters: tool.parameters as ToolDeclaration["parameters"],
          },
        },
      ],
      [tool],
    );
    expect(unchanged).toStrictEqual({ toolsAdded: [], toolsRemoved: [] });
    const added = getToolStateChanges([], [tool]);
    expect(added.toolsAdded[0]).not.toBe(tool);
    expect(added.toolsAdded[0]).not.toHaveProperty("execute");
    expect(added.toolsAdded[0]).not.toHaveProperty("label");
  });
});
