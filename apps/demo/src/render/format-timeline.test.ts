import { describe, expect, it } from "vitest";
import { createPalette } from "./create-palette";
import { formatTimeline } from "./format-timeline";

describe("formatTimeline", () => {
  const plain = createPalette(false);
  const span = (toolCallId: string, startMs: number, endMs: number) => ({
    toolCallId,
    toolName: toolCallId === "a" ? "slow_task" : "calc",
    startMs,
    endMs,
    isError: false,
    executed: true,
  });

  it("should draw each call on a shared axis, in the order given", () => {
    const lines = formatTimeline(
      [span("a", 100, 300), span("b", 100, 110), span("c", 200, 300)],
      plain,
    );
    expect(lines).toEqual([
      `slow_task  a  ${"█".repeat(36)}  200 ms`,
      `calc       b  ${"██".padEnd(36)}   10 ms`,
      `calc       c  ${" ".repeat(18)}${"█".repeat(18)}  100 ms`,
    ]);
  });

  it("should give a zero-length call one cell and draw nothing for no calls", () => {
    expect(formatTimeline([span("b", 5, 5)], plain)).toEqual([
      `calc  b  ${"█".padEnd(36)}    0 ms`,
    ]);
    expect(formatTimeline([], plain)).toEqual([]);
  });
});
