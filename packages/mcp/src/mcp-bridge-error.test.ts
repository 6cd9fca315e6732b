import { describe, expect, it } from "vitest";
import { McpBridgeError } from "./mcp-bridge-error";

describe("McpBridgeError", () => {
  it("should carry a string code and its cause", () => {
    const cause = new Error("root");
    const error = new McpBridgeError("LIST_FAILED", "could not list", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("McpBridgeError");
    expect(error.code).toBe("LIST_FAILED");
    expect(error.cause).toBe(cause);
    expect("cause" in new McpBridgeError("CLOSED", "closed")).toBe(false);
  });

  it("should recognise errors made by another copy of the package, and nothing else", () => {
    const foreign = Object.defineProperty(
      new Error("x"),
      Symbol.for("@toolwright/mcp.McpBridgeError"),
      { value: true },
    );
    expect(McpBridgeError.isInstance(foreign)).toBe(true);
    expect(McpBridgeError.isInstance(new Error("x"))).toBe(false);
    expect(McpBridgeError.isInstance({ code: "CLOSED" })).toBe(false);
    expect(McpBridgeError.isInstance(null)).toBe(false);
  });
});
