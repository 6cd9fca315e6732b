import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import Module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConsoleError } from "./console-error";
import { loadPostgresModules } from "./load-postgres-modules";

const journalPostgresDir = fileURLToPath(new URL("../../journal-postgres", import.meta.url));
const folders: string[] = [];
const nodePath = process.env.NODE_PATH;

/** Node reads NODE_PATH into the folders its resolution searches last, at start and here. */
function reinitialiseModulePaths(): void {
  (Module as unknown as { _initPaths(): void })._initPaths();
}

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "toolwright-console-pg-"));
  folders.push(dir);
  return dir;
}

// pnpm runs the tests with NODE_PATH holding the workspace's packages: without it, as for the
// user of an application, only the folders given are searched.
beforeEach(() => {
  delete process.env.NODE_PATH;
  reinitialiseModulePaths();
});

afterEach(async () => {
  if (nodePath !== undefined) process.env.NODE_PATH = nodePath;
  reinitialiseModulePaths();
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("loadPostgresModules", () => {
  it("should load journal-postgres from an application's folder, and the pg it resolves", async () => {
    const app = await folder();
    await mkdir(join(app, "node_modules", "@toolwright"), { recursive: true });
    await symlink(journalPostgresDir, join(app, "node_modules", "@toolwright", "journal-postgres"));
    const { journalPostgres, pg } = await loadPostgresModules([await folder(), app]);
    expect(typeof journalPostgres.createPostgresJournal).toBe("function");
    expect(typeof pg.default.Pool).toBe("function");
  });

  it("should say what to install when no folder has them", async () => {
    const empty = await folder();
    const error = await loadPostgresModules([empty]).catch((thrown: unknown) => thrown);
    expect(ConsoleError.isInstance(error) && error.code).toBe("MISSING_PEER");
    expect((error as Error).message).toContain(empty);
    expect((error as Error).message).toContain("npm install @toolwright/journal-postgres pg");
  });
});
