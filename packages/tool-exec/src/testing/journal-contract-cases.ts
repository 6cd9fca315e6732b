import type { ToolCallJournal } from "../journal/tool-call-journal";
import { listingCases, sharedListingCases } from "./listing-cases";
import { lockCases } from "./lock-cases";
import { sharedStoreCases } from "./shared-store-cases";
import { validationCases } from "./validation-cases";
import { writeCases } from "./write-cases";

/** What the contract cases test: how to open a journal. */
export interface JournalContractSubject {
  /**
   * Opens a journal. Every case closes the journals it opens, and uses batch ids of its own, so
   * one store may serve every case.
   *
   * **Contract:** may be async; a throw fails the case.
   */
  open(): ToolCallJournal | Promise<ToolCallJournal>;
  /**
   * Whether two journals from `open()` see one store, as two processes would (the same folder,
   * the same database). Adds the cases for durability across journals, locks between them and
   * concurrent decisions from both. `false` for the memory journal.
   */
  readonly sharedStore: boolean;
}

/** One contract case: a name (`should …`) and a body that throws when the journal breaks it. */
export interface JournalContractCase {
  readonly name: string;
  /** Runs the case on journals it opens with `open` (closing them after); rejects when one breaks the contract. */
  run(): Promise<void>;
}

/**
 * The {@link ToolCallJournal} contract as runner-independent cases, for every
 * journal implementation — this package's memory and file journals, `@toolwright/journal-postgres`
 * and your own. Each case throws a plain `Error` saying what broke. With vitest:
 *
 * ```ts
 * for (const contractCase of createJournalContractCases({ open, sharedStore: true }))
 *   it(contractCase.name, () => contractCase.run());
 * ```
 */
export function createJournalContractCases(subject: JournalContractSubject): JournalContractCase[] {
  const cases = [...writeCases, ...validationCases, ...lockCases, ...listingCases];
  if (subject.sharedStore) cases.push(...sharedStoreCases, ...sharedListingCases);
  return cases.map(([name, body]) => ({
    name,
    async run() {
      const opened: ToolCallJournal[] = [];
      const open = async () => {
        const journal = await subject.open();
        opened.push(journal);
        return journal;
      };
      try {
        await body(open);
      } finally {
        for (const journal of opened) await journal.close().catch(() => {});
      }
    },
  }));
}
