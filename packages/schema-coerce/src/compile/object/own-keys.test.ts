import { afterEach, describe, expect, it } from "vitest";
import { compile } from "../../compile";
import { enumeratesOwnKeysOnly } from "./own-keys";

// Pollutes Object.prototype with an enumerable key for one test; removed again afterwards.
function polluteObjectPrototype(key: string, value: unknown): void {
  Object.defineProperty(Object.prototype, key, {
    value,
    enumerable: true,
    configurable: true,
    writable: true,
  });
}

const polluted: string[] = [];

afterEach(() => {
  for (const key of polluted.splice(0)) {
    delete (Object.prototype as Record<string, unknown>)[key];
  }
});

describe("enumeratesOwnKeysOnly", () => {
  it("should trust plain and null-prototype objects, nothing else", () => {
    expect(enumeratesOwnKeysOnly({ a: 1 })).toBe(true);
    expect(enumeratesOwnKeysOnly(JSON.parse('{"__proto__":{"b":2}}'))).toBe(true);
    expect(enumeratesOwnKeysOnly(Object.create(null))).toBe(true);
    expect(enumeratesOwnKeysOnly(Object.create({ inherited: 1 }))).toBe(false);
    expect(enumeratesOwnKeysOnly(new (class Thing {})())).toBe(false);
  });

  it("should stop trusting plain objects once Object.prototype has an enumerable key", () => {
    polluted.push("injected");
    polluteObjectPrototype("injected", 1);
    expect(enumeratesOwnKeysOnly({ a: 1 })).toBe(false);
    expect(enumeratesOwnKeysOnly(Object.create(null))).toBe(true);
  });
});

describe("inherited keys are never data", () => {
  const schema = {
    type: "object",
    properties: { path: { type: "string" }, limit: { type: "integer" } },
    required: ["path"],
    additionalProperties: false,
  };

  it("should ignore enumerable keys a value inherits from its own prototype", () => {
    const compiled = compile(schema, { coerce: true, removeAdditional: true });
    const value = Object.create({ path: "from the prototype", extra: 1, limit: "5" });
    expect(compiled.check(value)).toBe(false);
    expect(compiled.errors(value)).toStrictEqual([
      { path: "/path", keyword: "required", message: "missing" },
    ]);
    const result = compiled.parse(value);
    expect(result.ok).toBe(false);
    expect(result.changes).toStrictEqual([]);
  });

  it("should ignore keys a polluted Object.prototype adds, in check, errors and parse", () => {
    const compiled = compile(schema, { coerce: true, removeAdditional: true });
    for (const key of ["path", "extra", "limit"]) {
      polluted.push(key);
      polluteObjectPrototype(key, key === "limit" ? "5" : "polluted");
    }
    expect(compiled.check({})).toBe(false);
    expect(compiled.errors({})).toStrictEqual([
      { path: "/path", keyword: "required", message: "missing" },
    ]);
    expect(compiled.check({ path: "a" })).toBe(true);
    const result = compiled.parse({ path: "a", limit: "7" });
    expect(result).toStrictEqual({
      ok: true,
      value: { path: "a", limit: 7 },
      changes: [{ path: "/limit", rule: "convert", from: "7", to: 7 }],
    });
  });
});
