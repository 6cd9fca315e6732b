import { describe, expect, it } from "vitest";
import { toolNotFoundOnWorkerText } from "./tool-not-found-on-worker-text";

describe("toolNotFoundOnWorkerText", () => {
  it("should name the tool and the worker that lacks it", () => {
    expect(toolNotFoundOnWorkerText("search", "gpu-1:4242")).toBe(
      "Tool search not found on worker gpu-1:4242",
    );
  });
});
