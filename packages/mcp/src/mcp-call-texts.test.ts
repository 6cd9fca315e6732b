import { describe, expect, it } from "vitest";
import {
  CANCELLED_BY_CLIENT,
  connectionClosedText,
  inactivityText,
  notConnectedText,
  refusedText,
} from "./mcp-call-texts";

// The other tests compare against these functions, so a drifted text would pass them all: this
// pins every text to the exact wording of SPEC §9.4.
describe("the texts a mounted tool throws", () => {
  it("should match SPEC §9.4 word for word", () => {
    expect(notConnectedText("files")).toBe('MCP server "files" is not connected');
    expect(connectionClosedText("files")).toBe(
      'MCP server "files" closed the connection during the call; the call may or may not have taken effect',
    );
    expect(inactivityText("files", 60_000)).toBe(
      'MCP server "files" sent no response or progress for 60000 ms',
    );
    expect(refusedText("files", "read_file", "Unknown tool")).toBe(
      'MCP server "files" refused the call to "read_file": Unknown tool',
    );
    expect(CANCELLED_BY_CLIENT).toBe("Cancelled by the client");
  });
});
