import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveConsole } from "@toolwright/console/node";
import { createFileJournal } from "@toolwright/tool-exec/node";
import type { ApprovalDecider } from "./approval-decider";
import { createConsoleDecider } from "./create-console-decider";

/** A console started for `--approve console`, and what the run needs from it. */
export interface ApprovalConsole {
  /** The journal folder the run must use (`--journal`, or a temp folder). */
  readonly journalDir: string;
  readonly decide: ApprovalDecider;
  /** Stops the console and removes the temp journal folder. */
  close(): Promise<void>;
}

/**
 * `--approve console`: starts `@toolwright/console` on 127.0.0.1 over the run's file journal
 * (`--journal DIR`, or a temp folder removed afterwards), prints `Console: <url>` and
 * `Login: <url>` through `print`, and decides approvals by waiting for a click in it.
 */
export async function startApprovalConsole(
  journalDir: string | undefined,
  print: (line: string) => void,
): Promise<ApprovalConsole> {
  const temporary =
    journalDir === undefined
      ? await mkdtemp(join(tmpdir(), "toolwright-demo-journal-"))
      : undefined;
  const dir = journalDir ?? temporary!;
  const journal = createFileJournal({ dir });
  const server = await serveConsole({ journal });
  print(`Console: ${server.url}`);
  print(`Login: ${server.loginUrl}`);
  print("Waiting for a decision in the console (open the Login link once).");
  return {
    journalDir: dir,
    decide: createConsoleDecider(journal),
    async close() {
      await server.close();
      await journal.close();
      if (temporary !== undefined) await rm(temporary, { recursive: true, force: true });
    },
  };
}
