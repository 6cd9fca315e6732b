import { rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** A folder the demo's file tools work in. */
export interface Sandbox {
  readonly root: string;
  /** The seeded files, relative to `root`. */
  readonly files: readonly string[];
  /** True when `cleanup` leaves the folder in place (a folder the user chose, or `keep`). */
  readonly kept: boolean;
  /** Removes the folder if the demo created it and was not asked to keep it. */
  cleanup(): Promise<void>;
}

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Work in this folder, kept afterwards; default: a fresh folder under the OS temp dir. */
  readonly directory?: string;
  /** Keep the fresh temp folder too. */
  readonly keep?: boolean;
}

/**
 * Temp sandboxes not yet cleaned up. If the process exits before `cleanup` ran (a second Ctrl-C,
 * `process.exit` after a closed pipe), one `exit` listener removes them synchronously.
 */
const pendingRemovals = new Set<string>();
let exitListenerInstalled = false;

function removeOnExit(root: string): void {
  pendingRemovals.add(root);
  if (exitListenerInstalled) return;
  exitListenerInstalled = true;
  process.once("exit", () => {
    for (const pending of pendingRemovals) rmSync(pending, { recursive: true, force: true });
  });
}

/** The files every sandbox starts with. One holds a fake secret for the redacting hook. */
const SEED_FILES: ReadonlyMap<string, string> = new Map([
  [
    "notes.txt",
    "Toolwright demo notes\nThe model sees tool results, never details.\nResults pair with calls by id.\nParallel calls end in completion order.\n",
  ],
  [".env", "# local settings (fake)\nAPI_KEY=sk-demo-4f9a2c71e0b84d6f\nREGION=eu-west-1\n"],
  [
    "data/todo.md",
    "- [x] coerce sloppy arguments\n- [x] block writes outside the sandbox\n- [ ] write the report\n",
  ],
  ["data/numbers.csv", "n,square\n1,1\n2,4\n3,9\n"],
]);

/**
 * Creates and seeds the sandbox: in `options.directory` when given (kept afterwards), else in a
 * fresh folder under the OS temp dir (removed by `cleanup`, or at process exit at the latest,
 * unless `keep`). Existing seed files are overwritten so a rerun starts from the same state.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { directory } = options;
  const removable = directory === undefined && options.keep !== true;
  const root =
    directory === undefined
      ? await mkdtemp(join(tmpdir(), "toolwright-demo-"))
      : resolve(directory);
  if (removable) removeOnExit(root);
  await mkdir(root, { recursive: true });
  for (const [name, text] of SEED_FILES) {
    const target = join(root, name);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text, "utf8");
  }
  return {
    root,
    files: [...SEED_FILES.keys()],
    kept: !removable,
    async cleanup() {
      if (!removable) return;
      await rm(root, { recursive: true, force: true });
      pendingRemovals.delete(root);
    },
  };
}
