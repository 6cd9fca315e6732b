// Invariants of fromProviderToolCalls: any response body gives calls or INVALID_RESPONSE (never
// another error), and a model's argument text never makes it throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromProviderToolCalls } from "./from-provider-tool-calls";
import { ProviderError } from "./provider-error";
import { toProviderTools } from "./to-provider-tools";

const declarations = [
  {
    name: "fs.read",
    description: "Read.",
    constrainedSampling: true,
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, lines: { type: "integer" } },
    },
  },
];
const dialects = ["openai-chat", "openai-responses", "anthropic", "gemini"] as const;

describe("fromProviderToolCalls (property)", () => {
  it("should read any body or throw INVALID_RESPONSE", () => {
    fc.assert(
      fc.property(fc.constantFrom(...dialects), fc.jsonValue({ maxDepth: 5 }), (dialect, body) => {
        const tools = toProviderTools(declarations, dialect);
        try {
          const read = fromProviderToolCalls(body as never, tools);
          expect(Array.isArray(read.calls)).toBe(true);
        } catch (error) {
          expect(ProviderError.isInstance(error) && error.code).toBe("INVALID_RESPONSE");
        }
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it("should never throw for the model's argument text, and give one call per tool call", () => {
    const tools = toProviderTools(declarations, "openai-chat");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.json()), { maxLength: 4 }), (texts) => {
        const tool_calls = texts.map((text, index) => ({
          id: `c${index}`,
          type: "function",
          function: { name: "fs_read", arguments: text },
        }));
        const read = fromProviderToolCalls(
          { choices: [{ message: { tool_calls } }] } as never,
          tools,
        );
        expect(read.calls.map((call) => call.id)).toEqual(tool_calls.map((call) => call.id));
        for (const call of read.calls) expect(call.name).toBe("fs.read");
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe("fromProviderToolCalls cost", () => {
  it("should read many calls to distinct unknown names about as fast as calls to a known one", () => {
    // A quadratic duplicate check of unknownNames made 20 000 distinct names ~50x slower than one
    // known name. Linear code is not 1x either: 20 000 distinct strings are hashed into the name
    // map and the duplicate set, whose tables outgrow the caches — measured 3.3–3.7x in CPU time
    // on a quiet machine and 4.3–4.7x beside six busy loops; the quadratic check measures 274x.
    // The bound sits between the two, so it fails on the quadratic code only.
    const tools = toProviderTools(declarations, "anthropic");
    const body = (name: (index: number) => string) => ({
      content: Array.from({ length: 20_000 }, (_, index) => ({
        type: "tool_use",
        id: `t${index}`,
        name: name(index),
        input: {},
      })),
    });
    // Best of five, the two bodies interleaved, so one garbage collection does not decide the
    // ratio.
    const knownBody = body(() => "fs_read");
    const unknownBody = body((index) => `missing_${index}`);
    // CPU time of this process, not wall time: on a machine whose cores are shared (CI runs the
    // other suites beside this one) wall time counts the time this process waited its turn.
    const timeOnce = (response: object) => {
      const started = process.cpuUsage();
      fromProviderToolCalls(response as never, tools);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    let known = Number.POSITIVE_INFINITY;
    let unknown = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 5; attempt++) {
      known = Math.min(known, timeOnce(knownBody));
      unknown = Math.min(unknown, timeOnce(unknownBody));
    }
    expect(
      fromProviderToolCalls(body((index) => `m${index % 3}`) as never, tools).unknownNames,
    ).toEqual(["m0", "m1", "m2"]);
    expect(unknown / Math.max(known, 1)).toBeLessThan(15);
  });
});
