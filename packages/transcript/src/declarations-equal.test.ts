import { describe, expect, it } from "vitest";
import { declarationsEqual } from "./declarations-equal";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";

const base = makeTestTool("read");

describe("declarationsEqual", () => {
  it.each([
    { rule: "the same object", a: base, b: base, equal: true },
    { rule: "a tool and its declaration", a: base, b: toToolDeclaration(base), equal: true },
    {
      rule: "tools differing only in executable and UI fields",
      a: base,
      b: makeTestTool("read", { label: "Read it", timeoutMs: 1, execute: () => ({ content: [] }) }),
      equal: true,
    },
    {
      rule: "absent parameters and { type: 'object' }",
      a: makeTestTool("x", { parameters: undefined }),
      b: makeTestTool("x", { parameters: { type: "object" } }),
      equal: true,
    },
    {
      rule: "another description",
      a: base,
      b: makeTestTool("read", { description: "Reads" }),
      equal: false,
    },
    {
      rule: "another name",
      a: base,
      b: makeTestTool("write"),
      equal: false,
    },
    {
      rule: "the same schema with another key order",
      a: makeTestTool("x", { parameters: { type: "object", required: [] } }),
      b: makeTestTool("x", { parameters: { required: [], type: "object" } }),
      equal: false,
    },
    {
      rule: "constrainedSampling set against absent",
      a: base,
      b: makeTestTool("read", { constrainedSampling: true }),
      equal: false,
    },
  ])("should compare $rule as equal=$equal", ({ a, b, equal }) => {
    expect(declarationsEqual(a, b)).toBe(equal);
    expect(declarationsEqual(b, a)).toBe(equal);
  });

  it("should serialise each object once however often it is compared", () => {
    let serialisations = 0;
    const parameters = {
      toJSON() {
        serialisations++;
        return { type: "object" };
      },
    };
    const tool = makeTestTool("counted", { parameters });
    const other = makeTestTool("counted", { parameters: { type: "object" } });
    const different = makeTestTool("counted", { description: "other" });
    for (let call = 0; call < 100; call++) {
      expect(declarationsEqual(tool, other)).toBe(true);
      expect(declarationsEqual(tool, different)).toBe(false);
    }
    expect(serialisations).toBe(1);
  });
});
