import type { Schema } from "@google/genai";
import { describe, expectTypeOf, it } from "vitest";
import type { GeminiSchemaKey } from "./compile-gemini-parameters";

describe("geminiSchemaKeys", () => {
  it("should be exactly keyof Schema of @google/genai (O5: the Gemini key whitelist)", () => {
    expectTypeOf<GeminiSchemaKey>().toEqualTypeOf<keyof Schema>();
  });
});
