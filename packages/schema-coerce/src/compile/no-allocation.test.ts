import { PerformanceObserver } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { compile } from "../compile";

// SPEC §1.2: "the check path allocates nothing on valid input". Two million checks that allocated
// even a few bytes each would fill the young generation many times over and trigger garbage
// collections; with no allocation there is none to observe.
async function collectionsDuring(run: () => void): Promise<string[]> {
  // Let collections already under way (module loading, warm-up) finish and report first.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const seen: { name: string; startTime: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(entry);
  });
  observer.observe({ entryTypes: ["gc"] });
  const started = performance.now();
  run();
  const ended = performance.now();
  // GC entries are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  // Only collections that began while `run` ran: on a loaded machine the test runner's own work
  // (or V8's memory reducer) may collect during the waits around it, which says nothing about it.
  return seen
    .filter((entry) => entry.startTime >= started && entry.startTime <= ended)
    .map((entry) => entry.name);
}

const toolSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "File to edit" },
    mode: { type: "string", enum: ["replace", "append"] },
    limit: { type: "integer", minimum: 1, maximum: 1000 },
    dryRun: { type: "boolean" },
    due: { type: "string", format: "date" },
    notBefore: { type: "string", format: "date-time" },
    requestId: { type: "string", format: "uuid" },
    edits: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: {
          oldText: { type: "string", minLength: 1 },
          newText: { type: "string" },
          at: { $ref: "#/$defs/position" },
        },
        required: ["oldText", "newText"],
      },
    },
    tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    target: {
      anyOf: [
        { type: "object", properties: { kind: { const: "file" }, name: { type: "string" } } },
        { type: "object", properties: { kind: { const: "url" }, href: { type: "string" } } },
      ],
    },
  },
  required: ["path", "edits"],
  additionalProperties: false,
  $defs: {
    position: {
      type: "object",
      properties: { line: { type: "integer", minimum: 0 }, column: { type: "integer" } },
      required: ["line"],
    },
  },
};

const validValues = [
  { path: "a.ts", edits: [{ oldText: "a", newText: "b" }] },
  {
    path: "src/b.ts",
    mode: "append",
    limit: 10,
    dryRun: true,
    due: "2025-02-28",
    notBefore: "2025-01-02T03:04:05.250+01:00",
    requestId: "6f1c2b8e-3d4a-4b5c-9d6e-7f8a9b0c1d2e",
    edits: [
      { oldText: "x", newText: "y", at: { line: 3, column: 1 } },
      { oldText: "z", newText: "" },
    ],
    tags: ["one", "two"],
    target: { kind: "url", href: "https://example.com" },
  },
  { edits: [{ newText: "q", oldText: "p" }], path: "c.ts", target: { kind: "file", name: "c" } },
];

describe("check on valid input", () => {
  it("should allocate nothing (no garbage collection across two million checks)", async () => {
    // Formats whose checks allocate nothing themselves (see the README's Safety notes).
    const compiled = compile(toolSchema, { coerce: true, removeAdditional: true, formats: true });
    for (let round = 0; round < 20_000; round++) compiled.check(validValues[round % 3]);
    let accepted = 0;
    const collections = await collectionsDuring(() => {
      for (let round = 0; round < 2_000_000; round++) {
        if (compiled.check(validValues[round % 3])) accepted++;
      }
    });
    expect(accepted).toBe(2_000_000);
    expect(collections).toStrictEqual([]);
  });

  it("should be able to see collections, so that the test above can fail", async () => {
    let kept: unknown[] = [];
    const collections = await collectionsDuring(() => {
      for (let round = 0; round < 2_000_000; round++) kept = [round, kept.length];
    });
    expect(kept.length).toBe(2);
    expect(collections.length).toBeGreaterThan(0);
  });
});
