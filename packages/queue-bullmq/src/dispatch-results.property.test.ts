import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeRequest } from "./__fixtures__/make-request";
import { readDispatchRequest } from "./read-dispatch-request";
import { readDispatchResult } from "./read-dispatch-result";
import { runDispatchedJob } from "./run-dispatched-job";
import { toDispatchResult } from "./to-dispatch-result";

const echo = defineTool({
  name: "echo",
  description: "Returns whatever it was given as details.",
  parameters: { type: "object" },
  execute: (args) => ({ content: [{ type: "text", text: "ok" }], details: args }),
});
const state = { name: "w", tools: new ToolRegistry([echo]), seams: new Map(), maxAttempts: 3 };

/** Whatever a queue could hold: JSON, and values JSON cannot carry. */
const anyValue = fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true });

/** A request with each field kept or (one in five) replaced by anything: about one in eight stays valid. */
const nearlyValidRequest = fc.record(
  Object.fromEntries(
    Object.entries({ ...makeRequest("echo"), replay: "safe" }).map(([field, value]) => [
      field,
      fc.oneof({ weight: 4, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: anyValue }),
    ]),
  ),
);

describe("the worker's readers and writers (properties)", () => {
  it("should never throw on any job data, and answer with a result the coordinator accepts", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyValue, nearlyValidRequest),
        fc.integer({ min: 0, max: 6 }),
        async (data, attemptsStarted) => {
          expect(() => readDispatchRequest(data)).not.toThrow();
          const result = await runDispatchedJob(
            {
              data,
              attemptsStarted,
              signal: new AbortController().signal,
              sendProgress: async () => {},
            },
            state,
          );
          // What the coordinator receives went through JSON on the way.
          expect(readDispatchResult(JSON.parse(JSON.stringify(result)))).toEqual(result);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("should turn any returned value into a JSON-safe result, never throwing", () => {
    fc.assert(
      fc.property(anyValue, (returned) => {
        const result = toDispatchResult(echo, { content: [], details: returned });
        expect(result.status).toBe("returned");
        expect(readDispatchResult(JSON.parse(JSON.stringify(result)))).toBeDefined();
        const bare = toDispatchResult(echo, returned);
        expect(["returned", "threw"]).toContain(bare.status);
      }),
      { numRuns: 500 },
    );
  });

  it("should never throw reading any finished value", () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(() => readDispatchResult(value)).not.toThrow();
      }),
    );
  });
});
