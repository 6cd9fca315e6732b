import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../compile/schema-node";
import type { SchemaGraph } from "../schema-graph";
import { CoercionRun } from "./coercion-run";
import { createTestGraph } from "./test-graph";

/** The union `{anyOf: [{type: "integer"}, {type: "boolean"}]}` on a graph that counts checks. */
function countingUnion(): {
  run: CoercionRun;
  branches: readonly SchemaNode[];
  checks: () => number;
} {
  const graph = createTestGraph(
    { anyOf: [{ type: "integer" }, { type: "boolean" }] },
    {
      coerce: "lossless",
    },
  );
  let count = 0;
  const counting: SchemaGraph = {
    ...graph,
    accepts: (node, value) => {
      count++;
      return graph.accepts(node, value);
    },
  };
  const run = new CoercionRun(counting);
  run.begin([]);
  return { run, branches: graph.root.unionBranches ?? [], checks: () => count };
}

describe("CoercionRun.acceptsSomeBranch", () => {
  it("should answer as the branches do", () => {
    const { run, branches } = countingUnion();
    expect(branches).toHaveLength(2);
    expect(run.acceptsSomeBranch(branches, 5)).toBe(true);
    expect(run.acceptsSomeBranch(branches, true)).toBe(true);
    expect(run.acceptsSomeBranch(branches, "5")).toBe(false);
    expect(run.acceptsSomeBranch(branches, { a: 1 })).toBe(false);
  });

  it("should not check again a value the union rejected earlier in the call", () => {
    const { run, branches, checks } = countingUnion();
    const value = { a: 1 };
    expect(run.acceptsSomeBranch(branches, value)).toBe(false);
    expect(checks()).toBe(2);
    expect(run.acceptsSomeBranch(branches, value)).toBe(false);
    expect(checks()).toBe(2);
    // An equal but distinct object is checked: the memory is by identity.
    expect(run.acceptsSomeBranch(branches, { a: 1 })).toBe(false);
    expect(checks()).toBe(4);
  });

  it("should forget the rejections when the next call begins", () => {
    const { run, branches, checks } = countingUnion();
    const value = ["x"];
    run.acceptsSomeBranch(branches, value);
    run.begin([]);
    run.acceptsSomeBranch(branches, value);
    expect(checks()).toBe(4);
  });

  it("should remember only the last few rejections", () => {
    const { run, branches, checks } = countingUnion();
    const values = [["a"], ["b"], ["c"], ["d"], ["e"]];
    for (const value of values) run.acceptsSomeBranch(branches, value);
    expect(checks()).toBe(10);
    run.acceptsSomeBranch(branches, values[4]);
    expect(checks()).toBe(10);
    run.acceptsSomeBranch(branches, values[0]);
    expect(checks()).toBe(12);
  });
});
