import { describe, expect, it } from "vitest";
import { hashName } from "./hash-name";
import { hashedToolName, mapToolName } from "./map-tool-name";

const portable = { prefix: "srv__", charset: "portable" as const, maxLength: 64 };

describe("mapToolName", () => {
  it.each([
    ["read_file", "srv__read_file"],
    ["files.read", "srv__files_read"],
    ["get sum!", "srv__get_sum_"],
    ["ünïcode", "srv___n_code"],
  ])("should sanitize %j to %j", (name, expected) => {
    expect(mapToolName(name, portable)).toBe(expected);
  });

  it("should keep dots with the mcp charset", () => {
    expect(mapToolName("files.read", { ...portable, charset: "mcp" })).toBe("srv__files.read");
  });

  it("should cut a long name to maxLength with _ and the hash of the full unsanitized name", () => {
    const long = `${"a".repeat(70)}.x`;
    const name = mapToolName(long, portable);
    expect(name).toHaveLength(64);
    expect(name).toBe(`srv__${"a".repeat(50)}_${hashName(`srv__${long}`)}`);
    expect(mapToolName(`${"a".repeat(70)}.y`, portable)).not.toBe(name);
  });

  it("should give colliding names the hash of their own full name", () => {
    expect(hashedToolName("a.b", portable)).toBe(`srv__a_b_${hashName("srv__a.b")}`);
    expect(hashedToolName("a_b", portable)).not.toBe(hashedToolName("a.b", portable));
  });
});

describe("hashName", () => {
  it("should give 8 stable hex digits (FNV-1a)", () => {
    expect(hashName("")).toBe("811c9dc5");
    expect(hashName("a")).toBe("e40c292c");
    expect(hashName("srv__x")).toMatch(/^[0-9a-f]{8}$/);
  });
});
