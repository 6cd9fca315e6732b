import { describe, expect, it } from "vitest";
import { TranscriptError } from "./transcript-error";

describe("TranscriptError", () => {
  it("should carry its code, line and cause", () => {
    const cause = new Error("inner");
    const error = new TranscriptError("INVALID_TRANSCRIPT", "bad line", { cause, line: 3 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("TranscriptError");
    expect(error.code).toBe("INVALID_TRANSCRIPT");
    expect(error.line).toBe(3);
    expect(error.cause).toBe(cause);
  });

  it("should be recognised by isInstance across copies of the package", () => {
    // A second copy of the package brands its errors with the same registered symbol.
    const foreign = Object.assign(new Error("copy"), {
      [Symbol.for("@toolwright/transcript.TranscriptError")]: true,
    });
    expect(TranscriptError.isInstance(foreign)).toBe(true);
    expect(TranscriptError.isInstance(new TranscriptError("INVALID_TOOL", "x"))).toBe(true);
  });

  it.each([new Error("plain"), null, undefined, "TranscriptError", { code: "INVALID_TOOL" }])(
    "should not recognise %s",
    (value) => {
      expect(TranscriptError.isInstance(value)).toBe(false);
    },
  );
});
