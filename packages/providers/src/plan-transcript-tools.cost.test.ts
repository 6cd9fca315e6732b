// planTranscriptTools must stay linear in the transcript: Anthropic's plan compared every new
// declaration with every one introduced before (deep equality by serialisation), so 4 000 tool
// changes cost ~8 million comparisons. Counting the comparisons is exact where a timing is not.

import type { Message, ToolDeclaration } from "@toolwright/tool-core";
import * as transcript from "@toolwright/transcript";
import { describe, expect, it, vi } from "vitest";
import { planTranscriptTools } from "./plan-transcript-tools";

vi.mock("@toolwright/transcript", async (importOriginal) => {
  const original = await importOriginal<typeof transcript>();
  return { ...original, declarationsEqual: vi.fn(original.declarationsEqual) };
});

const declare = (name: string, description = name): ToolDeclaration => ({
  name,
  description,
  parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
});

describe("planTranscriptTools cost", () => {
  it("anthropic: compares a declaration only with earlier versions of the same name", () => {
    const changes = 2000;
    const messages: Message[] = [
      { role: "system", content: "You help.", toolsAdded: [declare("base")], timestamp: 0 },
      ...Array.from({ length: changes }, (_, index): Message[] => [
        { role: "system", content: "", toolsAdded: [declare(`tool_${index}`)], timestamp: 0 },
        { role: "user", content: "go", timestamp: 0 },
      ]).flat(),
      {
        role: "system",
        content: "",
        toolsAdded: [declare("tool_7", "Version 2")],
        toolsRemoved: [{ name: "tool_7" }],
        timestamp: 0,
      },
      { role: "assistant", content: [{ type: "text", text: "ok" }], timestamp: 0 },
    ];
    const compare = vi.mocked(transcript.declarationsEqual);
    compare.mockClear();
    const plan = planTranscriptTools(messages, "anthropic", { midConversationTools: true });
    expect(compare.mock.calls.length).toBeLessThan(4 * changes);
    // Every change is anchored before the one assistant message, merged into one system message.
    expect(plan.toolChanges).toHaveLength(1);
    expect(plan.toolChanges[0]?.insertBeforeIndex).toBe(messages.length - 1);
    expect(plan.tools.tools.at(-1)).toMatchObject({ name: "tool_7_v2", defer_loading: true });
  });
});
