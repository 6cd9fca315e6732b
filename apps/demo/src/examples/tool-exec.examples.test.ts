import { trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tracing } from "./tool-exec.examples";

describe("the tool-exec README's tracing example", () => {
  afterEach(() => {
    trace.disable();
    vi.restoreAllMocks();
  });

  it("should print one span per call before it returns (the batch processor is flushed)", async () => {
    // ConsoleSpanExporter prints with console.dir; captured here, so the test run stays quiet.
    const printed = vi.spyOn(console, "dir").mockImplementation(() => {});
    await tracing();
    const names = printed.mock.calls.map(([span]) => (span as { name?: string }).name);
    expect(names).toEqual(["execute_tool read_file", "execute_tool read_file"]);
  });
});
