import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DeferralEntry,
  findDeferredCalls,
  findSequentialSuspension,
} from "./find-deferred-calls";

const ready = (...lockKeys: string[]): DeferralEntry => ({
  state: "ready",
  lockKeys: lockKeys.length === 0 ? undefined : lockKeys,
});
const awaiting = (...lockKeys: string[]): DeferralEntry => ({
  state: "awaiting",
  lockKeys: lockKeys.length === 0 ? undefined : lockKeys,
});
const ended: DeferralEntry = { state: "ended", lockKeys: undefined };

describe("findDeferredCalls", () => {
  it.each([
    {
      rule: "defers nothing without an awaiting call",
      entries: [ready("a"), ready("a"), ready("b")],
      deferred: [false, false, false],
    },
    {
      rule: "defers a later call on an awaiting call's key",
      entries: [awaiting("a"), ready("a")],
      deferred: [false, true],
    },
    {
      rule: "never defers an earlier call",
      entries: [ready("a"), awaiting("a")],
      deferred: [false, false],
    },
    {
      rule: "never defers a call without keys",
      entries: [awaiting("a"), ready()],
      deferred: [false, false],
    },
    {
      rule: "defers nothing for an awaiting call without keys",
      entries: [awaiting(), ready("a")],
      deferred: [false, false],
    },
    {
      rule: "leaves other keys parallel",
      entries: [awaiting("a"), ready("b"), ready("c")],
      deferred: [false, false, false],
    },
    {
      rule: "defers on any one overlapping key",
      entries: [awaiting("a", "b"), ready("c", "b")],
      deferred: [false, true],
    },
    {
      rule: "lets a deferred call's own keys join the set (transitively)",
      entries: [awaiting("a"), ready("a", "b"), ready("b"), ready("c")],
      deferred: [false, true, true, false],
    },
    {
      rule: "keeps counting keys of later awaiting calls",
      entries: [ready("a"), awaiting("b"), ready("a"), ready("b"), awaiting("c"), ready("c")],
      deferred: [false, false, false, true, false, true],
    },
    {
      rule: "ignores calls that ended in preflight",
      entries: [awaiting("a"), ended, ready("a")],
      deferred: [false, false, true],
    },
    { rule: "handles an empty batch", entries: [], deferred: [] },
  ])("should $rule", ({ entries, deferred }) => {
    expect(findDeferredCalls(entries)).toEqual(deferred);
  });

  it("should defer exactly the ready calls that overlap an earlier awaiting or deferred call (brute force)", () => {
    const entry = fc.record({
      state: fc.constantFrom("awaiting", "ready", "ended") as fc.Arbitrary<DeferralEntry["state"]>,
      lockKeys: fc.option(fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 1 }), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const result = findDeferredCalls(entries);
        const expected: boolean[] = [];
        entries.forEach((current, index) => {
          if (current.state !== "ready" || current.lockKeys === undefined) {
            expected.push(false);
            return;
          }
          const blocked = entries
            .slice(0, index)
            .some(
              (earlier, earlierIndex) =>
                (earlier.state === "awaiting" || expected[earlierIndex] === true) &&
                earlier.lockKeys?.some((key) => current.lockKeys?.includes(key)) === true,
            );
          expected.push(blocked);
        });
        expect(result).toEqual(expected);
      }),
    );
  });
});

describe("findSequentialSuspension", () => {
  it.each([
    { awaiting: [false, true, false, true], index: 1 },
    { awaiting: [true], index: 0 },
    { awaiting: [false, false], index: -1 },
    { awaiting: [], index: -1 },
  ])(
    "should stop a sequential batch at the first awaiting call ($index)",
    ({ awaiting, index }) => {
      expect(findSequentialSuspension(awaiting)).toBe(index);
    },
  );
});
