import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyJsonValue, MAX_ARGUMENT_DEPTH } from "./copy-json-value";

describe("copyJsonValue", () => {
  it("should copy deeply, sharing nothing with the input", () => {
    const input = { list: [{ a: 1 }], nested: { text: "x" } };
    const result = copyJsonValue(input);
    expect(result).toEqual({ ok: true, value: input });
    if (!result.ok) return;
    const copy = result.value as typeof input;
    expect(copy).not.toBe(input);
    expect(copy.list).not.toBe(input.list);
    expect(copy.list[0]).not.toBe(input.list[0]);
    expect(copy.nested).not.toBe(input.nested);
  });

  it("should keep __proto__ as an own data property", () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}}');
    const result = copyJsonValue(input);
    if (!result.ok) throw new Error("expected a copy");
    const copy = result.value as object;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("should drop undefined properties and write null for undefined items, as JSON does", () => {
    expect(copyJsonValue({ a: undefined, b: [undefined] })).toEqual({
      ok: true,
      value: { b: [null] },
    });
  });

  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  it.each([
    [{ run: () => 1 }, "/run", "a function is not a JSON value"],
    [{ id: 10n }, "/id", "a bigint is not a JSON value"],
    [{ when: new Date(0) }, "/when", "only plain objects are JSON values"],
    [{ list: [1, Number.NaN] }, "/list/1", "NaN is not a JSON number"],
    [{ "a/b": { "c~d": Symbol("s") } }, "/a~1b/c~0d", "a symbol is not a JSON value"],
    [cyclic, "/self", "a cyclic reference is not a JSON value"],
  ])("should refuse %o at %s", (input, path, reason) => {
    expect(copyJsonValue(input)).toEqual({ ok: false, failure: { path, reason } });
  });

  it("should refuse a value nested deeper than the limit without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let depth = 0; depth < 10_000; depth++) deep = [deep];
    const result = copyJsonValue(deep);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.failure.reason).toBe(`nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  });

  it("should round-trip any JSON value (property, 500 runs)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = copyJsonValue(value);
        expect(result.ok).toBe(true);
        if (result.ok) expect(JSON.stringify(result.value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it("should find a cycle several containers down and name its place", () => {
    const root: Record<string, unknown> = { flat: 1 };
    root.nested = { list: [1, { back: root }] };
    expect(copyJsonValue(root)).toEqual({
      ok: false,
      failure: { path: "/nested/list/1/back", reason: "a cyclic reference is not a JSON value" },
    });
  });

  it("should copy a value reached twice without a cycle, once per place", () => {
    const shared = { text: "same" };
    const result = copyJsonValue({ first: shared, both: [shared, shared] });
    expect(result).toEqual({
      ok: true,
      value: { first: { text: "same" }, both: [{ text: "same" }, { text: "same" }] },
    });
    if (!result.ok) return;
    const copy = result.value as { first: object; both: object[] };
    expect(copy.first).not.toBe(shared);
    expect(copy.both[0]).not.toBe(copy.both[1]);
  });

  it("should copy own keys only, in their order, even with an enumerable key on Object.prototype", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    Object.defineProperty(prototype, "inherited", {
      value: "polluted",
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      const result = copyJsonValue({ b: 1, a: { c: 2 }, 1: "one" });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(Object.keys(result.value as object)).toEqual(["1", "b", "a"]);
      expect(Object.hasOwn(result.value as object, "inherited")).toBe(false);
      expect(Object.hasOwn((result.value as { a: object }).a, "inherited")).toBe(false);
    } finally {
      delete prototype.inherited;
    }
  });
});
