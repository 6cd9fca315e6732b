import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** A folder the demo's file tools work in. */
export interface Sandbox {
  readonly root: string;
  /** The seeded files, relative to `root`. */
  readonly files: readonly string[];
  /** Removes the folder if the demo created it; keeps a folder the user chose. */
  cleanup(): Promise<void>;
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
 * Creates and seeds the sandbox: in `directory` when given (kept afterwards), else in a fresh
 * folder under the OS temp dir (removed by `cleanup`). Existing seed files are overwritten so a
 * rerun starts from the same state.
 */
export async function createSandbox(directory?: string): Promise<Sandbox> {
  const created = directory === undefined;
  const root = created ? await mkdtemp(join(tmpdir(), "toolwright-demo-")) : resolve(directory);
  await mkdir(root, { recursive: true });
  for (const [name, text] of SEED_FILES) {
    const target = join(root, name);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text, "utf8");
  }
  return {
    root,
    files: [...SEED_FILES.keys()],
    async cleanup() {
      if (created) await rm(root, { recursive: true, force: true });
    },
  };
}
