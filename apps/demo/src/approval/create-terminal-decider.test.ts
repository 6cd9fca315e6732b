import { PassThrough } from "node:stream";
import type { ToolApprovalRequest } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { createTerminalDecider } from "./create-terminal-decider";

const request: ToolApprovalRequest = {
  approvalId: "a1",
  batchId: "b1",
  toolCall: { type: "toolCall", id: "c1", name: "delete_file", arguments: { path: "x.txt" } },
  args: { path: "x.txt" },
  reason: "deletes x.txt for good",
  requestedAt: "2026-12-01T00:00:00.000Z",
};

function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.on("data", (chunk: Buffer) => {
    written += chunk.toString("utf8");
  });
  return { input, output, written: () => written };
}

describe("createTerminalDecider", () => {
  it.each([
    ["y\n", "approve"],
    ["YES\n", "approve"],
    ["n\n", "deny"],
    ["\n", "deny"],
    ["sure\n", "deny"],
  ])("should answer %j with %s", async (typed, decision) => {
    const streams = terminal();
    const answer = createTerminalDecider(streams)(request);
    streams.input.write(typed);
    expect(await answer).toEqual({ decision, by: "terminal" });
    expect(streams.written()).toContain(
      'Approve delete_file {"path":"x.txt"}? (deletes x.txt for good) [y/N] ',
    );
  });

  it("should deny when the input ends without an answer", async () => {
    const streams = terminal();
    const answer = createTerminalDecider(streams)(request);
    streams.input.end();
    expect(await answer).toEqual({ decision: "deny", by: "terminal" });
  });

  it("should give no answer when the run aborts while asking", async () => {
    const streams = terminal();
    const controller = new AbortController();
    const answer = createTerminalDecider(streams)(request, controller.signal);
    controller.abort();
    expect(await answer).toBeUndefined();
  });
});
