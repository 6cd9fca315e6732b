import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConsoleError } from "./console-error";

const JOURNAL_POSTGRES = "@toolwright/journal-postgres";

/** The two modules `--pg` needs. */
export interface PostgresModules {
  readonly journalPostgres: typeof import("@toolwright/journal-postgres");
  readonly pg: typeof import("pg");
}

/** Where `name` resolves from the folder `dir` (as a module there would import it), or undefined. */
function resolveFrom(dir: string, name: string): string | undefined {
  try {
    return createRequire(join(dir, "noop.js")).resolve(name);
  } catch {
    return undefined;
  }
}

/**
 * Loads `@toolwright/journal-postgres` and the `pg` it uses, for the CLI's `--pg`. They are not
 * dependencies of the console (an application that mounts the handler never needs them): the
 * first of `searchDirs` they resolve from wins — by default the console's own folder (npm's
 * hoisting), then the working directory, i.e. the application the console runs next to, which has
 * them when it uses the PostgreSQL journal. `pg` is the one journal-postgres itself resolves.
 * Missing: a `ConsoleError` `MISSING_PEER` saying what to install.
 */
export async function loadPostgresModules(
  searchDirs: readonly string[] = [fileURLToPath(new URL(".", import.meta.url)), process.cwd()],
): Promise<PostgresModules> {
  let journalPath: string | undefined;
  for (const dir of searchDirs) {
    journalPath ??= resolveFrom(dir, JOURNAL_POSTGRES);
  }
  const pgPath = journalPath === undefined ? undefined : resolveFrom(journalPath, "pg");
  if (journalPath === undefined || pgPath === undefined)
    throw new ConsoleError(
      "MISSING_PEER",
      `--pg needs ${JOURNAL_POSTGRES} and pg, installed in the application's folder or beside the console (not found from ${searchDirs.join(", ")}): npm install ${JOURNAL_POSTGRES} pg`,
    );
  const [journalPostgres, pg] = await Promise.all([
    import(pathToFileURL(journalPath).href),
    import(pathToFileURL(pgPath).href),
  ]);
  return { journalPostgres, pg };
}
