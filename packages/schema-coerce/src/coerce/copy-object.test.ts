import { describe, expect, it } from "vitest";
import { copyObject } from "./copy-object";

describe("copyObject", () => {
  it("should copy every key in order, a __proto__ key as data", () => {
    const source = JSON.parse('{"b":1,"__proto__":{"x":1},"2":"two","a":[3]}');
    const proto = Object.getOwnPropertyDescriptor(source, "__proto__")?.value;
    const result = copyObject(source);
    expect(result).not.toBe(source);
    expect(Object.keys(result)).toStrictEqual(["2", "b", "__proto__", "a"]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toBe(proto);
    expect(result.a).toBe(source.a);
  });
});
