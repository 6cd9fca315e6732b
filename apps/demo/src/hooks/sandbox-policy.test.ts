import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createWorkspace } from "../tools";
import { createSandboxPolicy } from "./sandbox-policy";

describe("createSandboxPolicy", () => {
  const workspace = createWorkspace("/tmp/sandbox");
  const decide = async (name: string, args: Record<string, unknown>) => {
    const blocked: string[] = [];
    const policy = createSandboxPolicy(workspace, (_id, _name, reason) => blocked.push(reason));
    const toolCall: ToolCall = { type: "toolCall", id: "c1", name, arguments: args };
    const verdict = await policy(
      {
        toolCall,
        tool: { name } as Tool,
        args,
        coercions: [],
        context: undefined,
        assistantMessage: undefined,
      },
      new AbortController().signal,
    );
    return { verdict, blocked };
  };

  it.each([
    ["write_file", { path: "report.md" }, false],
    ["write_file", { path: "a/../b.md" }, false],
    ["list_dir", {}, false],
    ["write_file", { path: "../outside.txt" }, true],
    ["read_file", { path: "/etc/passwd" }, true],
    ["word_count", { path: "a/../../x" }, true],
    ["echo", { path: "../not-a-file-tool" }, false],
  ])("should decide %s %j (blocked: %s)", async (name, args: Record<string, unknown>, expected) => {
    const { verdict, blocked } = await decide(name, args);
    expect(verdict?.block === true).toBe(expected);
    expect(blocked).toHaveLength(expected ? 1 : 0);
    if (expected) expect(verdict?.reason).toContain(`"${String(args.path)}" is outside it`);
  });
});
