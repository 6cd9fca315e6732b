import { describe, expect, it } from "vitest";
import { ProviderError } from "./provider-error";

describe("ProviderError", () => {
  it("should carry a code and a cause", () => {
    const cause = new Error("inner");
    const error = new ProviderError("INVALID_RESPONSE", "bad body", { cause });
    expect(error.code).toBe("INVALID_RESPONSE");
    expect(error.cause).toBe(cause);
    expect(error.name).toBe("ProviderError");
  });

  it("should recognise an error from another copy of the package", () => {
    const foreign = new Error("copy");
    Object.defineProperty(foreign, Symbol.for("@toolwright/providers/ProviderError"), {
      value: true,
    });
    expect(ProviderError.isInstance(foreign)).toBe(true);
    expect(ProviderError.isInstance(new Error("plain"))).toBe(false);
    expect(ProviderError.isInstance(null)).toBe(false);
  });
});
