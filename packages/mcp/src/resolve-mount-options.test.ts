import { describe, expect, it } from "vitest";
import { McpBridgeError } from "./mcp-bridge-error";
import { resolveMountOptions } from "./resolve-mount-options";

describe("resolveMountOptions", () => {
  it("should apply the defaults (respectAudience off: the provider layer applies the audience)", () => {
    expect(resolveMountOptions({ id: "files" })).toEqual({
      id: "files",
      prefix: "files__",
      charset: "portable",
      maxLength: 64,
      order: "server",
      onCollision: "skip",
      requestTimeoutMs: 60_000,
      concurrency: "annotations",
      trustAnnotations: false,
      validateOutput: true,
      respectAudience: false,
      listChangedDebounceMs: 100,
      onDisconnect: "keep",
      reconnectPolicy: { initialDelayMs: 250, maxDelayMs: 10_000, maxAttempts: 5 },
    });
  });

  it("should keep an empty prefix and turn reconnects off with false", () => {
    const resolved = resolveMountOptions({ id: "a", prefix: "", reconnect: false });
    expect(resolved.prefix).toBe("");
    expect(resolved.reconnectPolicy).toBeUndefined();
  });

  it.each([[""], ["a".repeat(33)], ["has space"], ["dots.not.allowed"]])(
    "should refuse the id %j with INVALID_OPTIONS",
    (id) => {
      try {
        resolveMountOptions({ id });
        expect.unreachable();
      } catch (error) {
        expect(McpBridgeError.isInstance(error) && error.code).toBe("INVALID_OPTIONS");
      }
    },
  );

  it("should accept the longest id the pattern allows", () => {
    expect(resolveMountOptions({ id: "A-z_9".repeat(7).slice(0, 32) }).prefix).toHaveLength(34);
  });
});
