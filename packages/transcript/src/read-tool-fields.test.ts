import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readToolFields as publicReadToolFields } from "./index";
import {
  makeTestDeclaration as declaration,
  makeTestSystemMessage as system,
} from "./messages-test-support";
import { readToolFields } from "./read-tool-fields";
import { TranscriptError } from "./transcript-error";

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("readToolFields", () => {
  it("should be exported from the package entry", () => {
    expect(publicReadToolFields).toBe(readToolFields);
  });

  it("should return a system message's own arrays, in order", () => {
    const message = system([declaration("a"), declaration("b")], ["c"]);
    const fields = readToolFields(message, 0);
    expect(fields.toolsAdded).toBe(message.toolsAdded);
    expect(fields.toolsAdded.map((tool) => tool.name)).toEqual(["a", "b"]);
    expect(fields.toolsRemoved).toBe(message.toolsRemoved);
    expect(fields.toolsRemoved).toEqual([{ name: "c" }]);
  });

  it("should read a missing field as empty when the other is present", () => {
    expect(readToolFields(system([], ["gone"]), 0).toolsAdded).toEqual([]);
    expect(readToolFields(system([declaration("a")]), 0).toolsRemoved).toEqual([]);
  });

  it.each<[string, unknown]>([
    ["a system message without tool fields", { role: "system", content: "hi", timestamp: 0 }],
    ["a system message with both fields undefined", { role: "system", toolsAdded: undefined }],
    ["a user message", { role: "user", content: "hi", timestamp: 0 }],
    // Only system messages carry tool changes: the same fields elsewhere are not read at all.
    ["a user message with malformed tool fields", { role: "user", toolsAdded: "x" }],
    ["an object without a role", { toolsAdded: [{ name: "a" }] }],
  ])("should give no change for %s", (_label, message) => {
    const fields = readToolFields(message, 4);
    expect(fields.toolsAdded).toEqual([]);
    expect(fields.toolsRemoved).toEqual([]);
  });

  it("should hand out empty arrays no caller can fill for the next one", () => {
    const fields = readToolFields({ role: "user" }, 0);
    expect(Object.isFrozen(fields.toolsAdded)).toBe(true);
    expect(Object.isFrozen(fields.toolsRemoved)).toBe(true);
    expect(() => (fields.toolsAdded as unknown[]).push(declaration("a"))).toThrow(TypeError);
    expect(readToolFields({ role: "system", content: "" }, 1).toolsAdded).toEqual([]);
    expect(readToolFields(system([], ["x"]), 2).toolsAdded).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ["null", null, "Message 3 is not an object"],
    ["a string", "system", "Message 3 is not an object"],
    ["a number", 7, "Message 3 is not an object"],
    [
      "toolsAdded as an object",
      { role: "system", toolsAdded: { name: "a" } },
      "Message 3: toolsAdded must be an array",
    ],
    [
      "toolsRemoved as a string",
      { role: "system", toolsRemoved: "a" },
      "Message 3: toolsRemoved must be an array",
    ],
    [
      "toolsAdded as null",
      { role: "system", toolsAdded: null },
      "Message 3: toolsAdded must be an array",
    ],
    [
      "an entry without a name",
      { role: "system", toolsAdded: [declaration("a"), { description: "x" }] },
      "Message 3: toolsAdded[1] must be an object with a string name",
    ],
    [
      "a numeric name",
      { role: "system", toolsRemoved: [{ name: 1 }] },
      "Message 3: toolsRemoved[0] must be an object with a string name",
    ],
    [
      "a null entry",
      { role: "system", toolsRemoved: [null] },
      "Message 3: toolsRemoved[0] must be an object with a string name",
    ],
    [
      "a hole in the array",
      // biome-ignore lint/suspicious/noSparseArray: a hole is the hostile input under test
      { role: "system", toolsAdded: [declaration("a"), , declaration("b")] },
      "Message 3: toolsAdded[1] must be an object with a string name",
    ],
  ])("should refuse %s with INVALID_MESSAGE naming where", (_label, message, text) => {
    const error = thrownBy(() => readToolFields(message, 3));
    expect(TranscriptError.isInstance(error)).toBe(true);
    expect((error as TranscriptError).code).toBe("INVALID_MESSAGE");
    expect((error as TranscriptError).message).toBe(text);
  });

  it("should never throw anything but a TranscriptError, nor mutate, for any JSON value", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            role: fc.constantFrom("system", "user", "assistant"),
            toolsAdded: fc.jsonValue(),
            toolsRemoved: fc.jsonValue(),
          },
          { requiredKeys: ["role"] },
        ),
        (message) => {
          const before = JSON.stringify(message);
          try {
            const fields = readToolFields(message, 0);
            for (const entry of [...fields.toolsAdded, ...fields.toolsRemoved]) {
              expect(typeof entry.name).toBe("string");
            }
          } catch (error) {
            expect(TranscriptError.isInstance(error)).toBe(true);
          }
          expect(JSON.stringify(message)).toBe(before);
        },
      ),
    );
  });
});
