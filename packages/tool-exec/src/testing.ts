// `@toolwright/tool-exec/testing`: the journal contract as runner-independent cases, for anyone
// who implements a ToolCallJournal. No test runner is imported; no `node:` module either.
export type { JournalContractCase, JournalContractSubject } from "./testing/journal-contract-cases";
export { createJournalContractCases } from "./testing/journal-contract-cases";
