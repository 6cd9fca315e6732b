import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as api from "./index";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const NODE_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)["']node:/;
const outDir = mkdtempSync(join(tmpdir(), "tool-exec-dist-"));

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/** Bundles an entry the way the package build does (dependencies external). */
function bundleRootEntry(entry = "index"): string {
  execFileSync(
    "pnpm",
    [
      "exec",
      "tsup",
      `src/${entry}.ts`,
      "--no-config",
      "--format",
      "esm",
      "--target",
      "node20",
      "--out-dir",
      outDir,
    ],
    { cwd: packageRoot, stdio: "pipe" },
  );
  return readFileSync(join(outDir, `${entry}.js`), "utf8");
}

describe("the root entry", () => {
  it("should export the public API by name", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "ABORTED_TEXT",
        "BLOCKED_TEXT",
        "ToolBatchError",
        "approvalDeniedText",
        "approvalExpiredText",
        "approvalFailedText",
        "defaultNeedsApproval",
        "nestedApprovalText",
        "needsApprovalFailedText",
        "DEFAULT_MAX_BYTES",
        "DEFAULT_MAX_LINES",
        "DEFAULT_MAX_MEDIA_BYTES",
        "TOOL_CALL_ERROR_TYPES",
        "ToolRunnerSeam",
        "executeAssistantMessage",
        "executeDispatchedCall",
        "checkJournalRecordOrder",
        "createMemoryJournal",
        "createToolCallGate",
        "describeThrown",
        "executeToolBatch",
        "executeToolCall",
        "failTruncatedToolCalls",
        "resumeToolBatch",
        "recoverToolBatch",
        "interruptedText",
        "interruptedTimesText",
        "listOpenToolBatches",
        "loadSuspendedToolBatch",
        "submitToolDecision",
        "runToolCall",
        "shouldTerminateToolBatch",
        "timeoutText",
        "toolNotFoundOnWorkerText",
        "toolNotFoundText",
        "truncatedToolCallText",
        "validateJournalRecords",
        "DEFAULT_JOURNAL_PAGE_SIZE",
        "MAX_JOURNAL_PAGE_SIZE",
        "encodeJournalCursor",
        "findPendingApprovals",
        "readJournalApprovalQuery",
        "readJournalBatchQuery",
        "selectJournalBatchPage",
        "selectPendingApprovalPage",
        "summarizeJournalBatch",
        "toPendingApproval",
      ].sort(),
    );
  });

  it("should build to a dist/index.js that imports no node: module", () => {
    const bundled = bundleRootEntry();
    expect(bundled).toContain("execute_tool");
    expect(bundled).not.toMatch(NODE_IMPORT);
    const built = join(packageRoot, "dist", "index.js");
    if (existsSync(built)) expect(readFileSync(built, "utf8")).not.toMatch(NODE_IMPORT);
  }, 60_000);

  it("should build the ./testing entry (the journal contract) without node: modules either", () => {
    const bundled = bundleRootEntry("testing");
    expect(bundled).toContain("createJournalContractCases");
    expect(bundled).not.toMatch(NODE_IMPORT);
  }, 60_000);

  it("should keep node: imports to the ./node entry", () => {
    expect(readFileSync(join(packageRoot, "src", "with-file-mutation-queue.ts"), "utf8")).toMatch(
      NODE_IMPORT,
    );
  });
});
