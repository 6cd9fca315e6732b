import { describe, expect, it } from "vitest";
import { getValidator } from "./get-validator";

describe("getValidator", () => {
  it("should compile a schema object once", () => {
    const schema = { type: "object", properties: { a: { type: "integer" } } };
    expect(getValidator(schema)).toBe(getValidator(schema));
    expect(getValidator(schema, { coerce: true })).toBe(getValidator(schema, { coerce: true }));
  });

  it("should compile equal but distinct schema objects separately", () => {
    const first = { type: "string" };
    const second = { type: "string" };
    expect(getValidator(first)).not.toBe(getValidator(second));
  });

  it("should not share a compiled result between different options", () => {
    const schema = { type: "object", properties: { n: { type: "integer" } } };
    const plain = getValidator(schema);
    const coercing = getValidator(schema, { coerce: true });
    expect(plain).not.toBe(coercing);
    expect(plain.parse({ n: "1" }).ok).toBe(false);
    expect(getValidator(schema, { formats: true })).not.toBe(plain);
  });

  it("should read an option set to undefined as an absent one (exactOptionalPropertyTypes callers)", () => {
    const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    const absent = getValidator(schema);
    const undefinedOptions = getValidator(schema, {
      draft: undefined,
      formats: undefined,
      schemas: undefined,
      unresolvedRefs: undefined,
      coerce: undefined,
      removeAdditional: undefined,
      parseJsonStrings: undefined,
      requireClosedObjects: undefined,
      regExp: undefined,
    });
    expect(undefinedOptions).toBe(absent);
    expect(undefinedOptions.parse({ n: "1" })).toMatchObject({ ok: false });
    expect(getValidator(schema, { coerce: undefined, formats: undefined }).check({ n: 1 })).toBe(
      true,
    );
  });

  it("should cache boolean schemas, which cannot be WeakMap keys", () => {
    expect(getValidator(true)).toBe(getValidator(true));
    expect(getValidator(false).check(1)).toBe(false);
    expect(getValidator(true).check(1)).toBe(true);
  });
});
