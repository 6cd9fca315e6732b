import { describe, expect, it } from "vitest";
import { dealObjectCopier } from "./copy-object";

describe("dealObjectCopier", () => {
  it("should deal copiers that each copy every key in order, a __proto__ key as data", () => {
    const source = JSON.parse('{"b":1,"__proto__":{"x":1},"2":"two","a":[3]}');
    const proto = Object.getOwnPropertyDescriptor(source, "__proto__")?.value;
    const dealt = new Set<unknown>();
    for (let round = 0; round < 40; round++) {
      const copy = dealObjectCopier();
      dealt.add(copy);
      const result = copy(source);
      expect(result).not.toBe(source);
      expect(Object.keys(result)).toStrictEqual(["2", "b", "__proto__", "a"]);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toBe(proto);
      expect(result.a).toBe(source.a);
    }
    // Separate functions, so that each keeps its own record of the shapes it copies.
    expect(dealt.size).toBeGreaterThan(1);
  });
});
