import { describe, expect, it } from "vitest";
import { fnv1aHex } from "./fnv1a-hex";
import { ProviderError } from "./provider-error";
import { ToolNameMap } from "./tool-name-map";

describe("ToolNameMap", () => {
  it.each([
    ["openai-chat", "search", "search"],
    ["openai-chat", "github.create_issue", "github_create_issue"],
    ["anthropic", "fs/read file", "fs_read_file"],
    ["gemini", "github.create_issue", "github.create_issue"],
    ["gemini", "9lives", "_9lives"],
    ["gemini", "a b", "a_b"],
  ] as const)("should map %s %s to %s", (dialect, name, expected) => {
    const map = ToolNameMap.build([name], dialect);
    expect(map.toProvider(name)).toBe(expected);
    expect(map.fromProvider(expected)).toBe(name);
  });

  it("should cut a long name and append an FNV-1a hash of the canonical name", () => {
    const name = `${"x".repeat(70)}.tool`;
    const providerName = ToolNameMap.build([name], "openai-chat").toProvider(name);
    expect(providerName).toHaveLength(64);
    expect(providerName).toBe(`${"x".repeat(55)}_${fnv1aHex(name)}`);
  });

  it("should compute FNV-1a 32 over UTF-8", () => {
    expect(fnv1aHex("")).toBe("811c9dc5");
    expect(fnv1aHex("a")).toBe("e40c292c");
    expect(fnv1aHex("é")).toBe(fnv1aHex("\u00e9"));
  });

  it("should resolve collisions with _2, _3 in first-declaration order", () => {
    const map = ToolNameMap.build(["a.b", "a_b", "a-b", "a/b"], "openai-chat");
    expect(map.entries()).toEqual([
      ["a.b", "a_b"],
      ["a_b", "a_b_2"],
      ["a-b", "a-b"],
      ["a/b", "a_b_3"],
    ]);
  });

  it("should be append-only and deterministic", () => {
    const map = ToolNameMap.build(["x.y", "z"], "anthropic");
    const before = map.entries();
    map.allocate("x_y");
    expect(map.entries().slice(0, 2)).toEqual(before);
    expect(ToolNameMap.build(["x.y", "z", "x_y"], "anthropic").entries()).toEqual(map.entries());
  });

  it("should give redefinitions versioned names that all map back", () => {
    const map = ToolNameMap.build(["github.search"], "anthropic");
    expect(map.allocateVersion("github.search")).toBe("github_search_v2");
    expect(map.allocateVersion("github.search")).toBe("github_search_v3");
    expect(map.toProvider("github.search")).toBe("github_search_v3");
    expect(
      ["github_search", "github_search_v2", "github_search_v3"].map((name) =>
        map.fromProvider(name),
      ),
    ).toEqual(["github.search", "github.search", "github.search"]);
  });

  it("should return undefined for an unknown provider name and throw for an unknown canonical one", () => {
    const map = ToolNameMap.build(["a"], "openai-chat");
    expect(map.fromProvider("b")).toBeUndefined();
    expect(() => map.toProvider("b")).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENT" }),
    );
  });

  it("should refuse a name equal to a reserved one, and route sanitised names around reserved ones", () => {
    expect(() =>
      ToolNameMap.build(["web_search"], "openai-responses", { reserved: ["web_search"] }),
    ).toThrow(expect.objectContaining({ code: "NAME_COLLISION" }));
    const map = ToolNameMap.build(["web.search"], "openai-responses", { reserved: ["web_search"] });
    expect(map.toProvider("web.search")).toBe("web_search_2");
  });

  it("should throw INVALID_ARGUMENT for an unknown dialect", () => {
    try {
      ToolNameMap.build(["a"], "mistral" as never);
      expect.unreachable();
    } catch (error) {
      expect(ProviderError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
    }
  });
});
