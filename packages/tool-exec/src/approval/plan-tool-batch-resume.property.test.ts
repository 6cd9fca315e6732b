import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { planToolBatchResume } from "./plan-tool-batch-resume";
import { makeTestState, T0 } from "./state-test-support";

const hostile = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

const knownIds = ["approval-c2", "approval-c4", "approval-c5", "approval-nope", ""];

/** Decisions near the valid shape, so the checks past INVALID_DECISION are reached too. */
const nearDecisions = fc.array(
  fc.record(
    {
      approvalId: fc.oneof(fc.constantFrom(...knownIds), hostile),
      decision: fc.oneof(fc.constantFrom("approve", "deny"), hostile),
      message: fc.oneof(fc.string(), hostile),
      by: fc.oneof(fc.string(), hostile),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 4 },
);

/**
 * A path into a JSON value and what to do there: replace the value with `replacement`, or delete
 * it. With `minLength` 0 some states stay valid, so the decision checks are reached too.
 */
function mutationOf(replacement: fc.Arbitrary<unknown>, minLength = 1) {
  return fc.record({
    steps: fc.array(fc.nat(), { minLength, maxLength: 6 }),
    replacement: fc.option(replacement, { nil: undefined }),
  });
}

function mutate(value: unknown, steps: readonly number[], replacement: unknown): unknown {
  const root = JSON.parse(JSON.stringify(value));
  let parent: Record<string, unknown> | unknown[] = root;
  for (let index = 0; index < steps.length; index++) {
    const keys = Object.keys(parent);
    if (keys.length === 0) break;
    const key = keys[(steps[index] as number) % keys.length] as string;
    const child = (parent as Record<string, unknown>)[key];
    const last = index === steps.length - 1 || typeof child !== "object" || child === null;
    if (last) {
      if (replacement === undefined && !Array.isArray(parent)) delete parent[key];
      else (parent as Record<string, unknown>)[key] = replacement;
      break;
    }
    parent = child as Record<string, unknown>;
  }
  return root;
}

async function expectOnlyToolBatchError(state: unknown, decisions: unknown, secret?: string) {
  const approval = {
    now: () => T0 + 30_000,
    ...(secret === undefined ? {} : { stateSecret: secret }),
  };
  try {
    const plan = await planToolBatchResume(state, decisions, { approval });
    expect(plan.calls.length).toBeGreaterThanOrEqual(0);
  } catch (error) {
    if (!ToolBatchError.isInstance(error)) throw error;
  }
}

describe("planToolBatchResume (property)", () => {
  it("should only ever reject with a ToolBatchError on garbage states and decisions", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.oneof(hostile, nearDecisions), (state, decisions) =>
        expectOnlyToolBatchError(state, decisions),
      ),
      { numRuns: 300 },
    );
  });

  it("should only ever reject with a ToolBatchError on mutations of a valid state", async () => {
    const valid = await makeTestState();
    const signed = await makeTestState("s3cret");
    await fc.assert(
      fc.asyncProperty(
        mutationOf(hostile, 0),
        nearDecisions,
        fc.boolean(),
        async ({ steps, replacement }, decisions, withSecret) => {
          const state = mutate(withSecret ? signed : valid, steps, replacement);
          await expectOnlyToolBatchError(state, decisions, withSecret ? "s3cret" : undefined);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("should reject every single-field change of a signed state, or leave it meaning the same", async () => {
    const signed = await makeTestState("s3cret");
    await fc.assert(
      fc.asyncProperty(mutationOf(fc.jsonValue()), async ({ steps, replacement }) => {
        const state = mutate(signed, steps, replacement);
        const same = JSON.stringify(state) === JSON.stringify(signed);
        const unsignedChange = (state as { signature?: unknown }).signature !== signed.signature;
        let code: string | undefined;
        try {
          await planToolBatchResume(state, [], {
            approval: { stateSecret: "s3cret", now: () => T0 },
          });
        } catch (error) {
          code = ToolBatchError.isInstance(error) ? error.code : "not a ToolBatchError";
        }
        if (same) expect(code).toBeUndefined();
        else
          expect([
            "STATE_SIGNATURE_MISMATCH",
            "INVALID_STATE",
            "UNSUPPORTED_STATE_VERSION",
          ]).toContain(
            code ?? (unsignedChange ? "accepted a changed signature" : "accepted a changed state"),
          );
      }),
      { numRuns: 300 },
    );
  });
});
