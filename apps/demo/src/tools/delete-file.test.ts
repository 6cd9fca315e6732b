import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolCall } from "@toolwright/tool-core";
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import type { ToolApprovalOptions } from "@toolwright/tool-exec";
import { executeToolBatch } from "@toolwright/tool-exec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace, deleteFileTool, WorkspaceSeam } from ".";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-delete-test-"));
  await writeFile(join(root, "old.csv"), "a,b\n", "utf8");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function run(path: string, approval?: ToolApprovalOptions) {
  const toolCall: ToolCall = {
    type: "toolCall",
    id: "c1",
    name: "delete_file",
    arguments: { path },
  };
  return executeToolBatch([toolCall], {
    tools: new ToolRegistry([deleteFileTool]),
    seams: [provideSeam(WorkspaceSeam, createWorkspace(root))],
    ...(approval === undefined ? {} : { approval }),
  });
}

describe("deleteFileTool", () => {
  it("should suspend every call for a decision, naming the file in the reason", async () => {
    const batch = await run("old.csv");
    expect(batch.status).toBe("suspended");
    if (batch.status !== "suspended") return;
    expect(batch.pending[0]).toMatchObject({
      args: { path: "old.csv" },
      reason: "deletes old.csv for good",
      details: { path: "old.csv" },
    });
    expect(await stat(join(root, "old.csv"))).toBeDefined();
  });

  it("should delete the file once approved", async () => {
    const batch = await run("old.csv", { decide: () => ({ decision: "approve" }) });
    if (batch.status !== "complete") throw new Error("expected a completed batch");
    expect(batch.outcomes[0]?.result.content).toEqual([
      { type: "text", text: "Deleted old.csv (4 bytes)" },
    ]);
    await expect(stat(join(root, "old.csv"))).rejects.toThrow(/ENOENT/);
  });

  it("should refuse a path outside the sandbox even when approved", async () => {
    const batch = await run("../old.csv", { decide: () => ({ decision: "approve" }) });
    if (batch.status !== "complete") throw new Error("expected a completed batch");
    expect(batch.outcomes[0]).toMatchObject({ isError: true });
    expect(batch.outcomes[0]?.result.content).toEqual([
      { type: "text", text: 'Path "../old.csv" is outside the sandbox' },
    ]);
  });
});
