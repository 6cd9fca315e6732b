import { resolve } from "node:path";
import type { ToolCallJournal } from "@toolwright/tool-exec";
import { createFileJournal } from "@toolwright/tool-exec/node";
import { loadPostgresModules } from "./load-postgres-modules";
import type { ConsoleArguments } from "./parse-console-arguments";

/** A journal the CLI opened, and how to let it go. */
export interface OpenedJournal {
  readonly journal: ToolCallJournal;
  readonly description: string;
  close(): Promise<void>;
}

/**
 * Opens the CLI's journal. `--pg` loads `@toolwright/journal-postgres` and `pg` only here (see
 * `loadPostgresModules`): an application that mounts the handler never loads them.
 */
export async function openCliJournal(
  journal: Extract<ConsoleArguments, { help: false }>["journal"],
): Promise<OpenedJournal> {
  if (journal.kind === "file") {
    const dir = resolve(journal.dir);
    const opened = createFileJournal({ dir });
    return {
      journal: opened,
      description: `the file journal in ${dir}`,
      close: () => opened.close(),
    };
  }
  const { journalPostgres, pg } = await loadPostgresModules();
  const { createPostgresJournal } = journalPostgres;
  const pool = new pg.default.Pool({ connectionString: journal.url, max: 4 });
  // An idle client's dropped connection must not crash the console.
  pool.on("error", () => {});
  const opened = createPostgresJournal({
    pool,
    ...(journal.schema === undefined ? {} : { schema: journal.schema }),
  });
  const shown = new URL(journal.url);
  shown.password = "";
  return {
    journal: opened,
    description: `the PostgreSQL journal at ${shown.host}${shown.pathname}`,
    async close() {
      await opened.close();
      await pool.end();
    },
  };
}
