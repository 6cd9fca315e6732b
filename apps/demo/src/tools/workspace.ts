import { isAbsolute, relative, resolve, sep } from "node:path";
import { defineSeam } from "@toolwright/tool-core";

/** The sandbox folder the file tools work in. */
export interface Workspace {
  /** The sandbox's absolute path. */
  readonly root: string;
  /**
   * The absolute path for `path` (relative to the root, or absolute), or `undefined` when it lies
   * outside the sandbox (`../x`, `/etc/passwd`).
   */
  resolve(path: string): string | undefined;
}

/**
 * The seam through which file tools reach their sandbox: the demo provides the folder it created,
 * tests provide their own — the tools never read a global.
 */
export const WorkspaceSeam = defineSeam<Workspace>("workspace");

/** A {@link Workspace} rooted at `root` (resolved to an absolute path). */
export function createWorkspace(root: string): Workspace {
  const absoluteRoot = resolve(root);
  return {
    root: absoluteRoot,
    resolve(path) {
      const target = resolve(absoluteRoot, path);
      const fromRoot = relative(absoluteRoot, target);
      if (fromRoot === "") return target;
      // `..foo` is a file name inside the root; only `..` as a whole segment climbs out.
      if (fromRoot === ".." || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot))
        return undefined;
      return target;
    },
  };
}

/** `workspace.resolve(path)`, or an error the model can act on when `path` leaves the sandbox. */
export function resolveInside(workspace: Workspace, path: string): string {
  const target = workspace.resolve(path);
  if (target === undefined) throw new Error(`Path "${path}" is outside the sandbox`);
  return target;
}
