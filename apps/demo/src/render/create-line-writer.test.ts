import { describe, expect, it } from "vitest";
import { createLineWriter } from "./create-line-writer";

describe("createLineWriter", () => {
  const capture = (isTTY: boolean) => {
    const writes: string[] = [];
    const writer = createLineWriter({
      write: (text) => void writes.push(text),
      isTTY,
      color: false,
    });
    return { writes, writer };
  };

  it("should keep the live line below the lines written on a TTY", () => {
    const { writes, writer } = capture(true);
    writer.live("50%");
    writer.line("event");
    writer.clearLive();
    writer.line("after");
    expect(writes).toEqual([
      "\r\u001b[2K50%",
      "\r\u001b[2K",
      "event\n",
      "50%",
      "\r\u001b[2K",
      "after\n",
    ]);
  });

  it("should never draw a live line when the output is not a TTY", () => {
    const { writes, writer } = capture(false);
    writer.live("50%");
    writer.line("event");
    writer.clearLive();
    expect(writes).toEqual(["event\n"]);
  });
});
