// The Node-only entry of @toolwright/tool-exec (`@toolwright/tool-exec/node`): what needs `node:`
// modules lives here, so the root entry stays browser-safe.

export type { FileJournalSync } from "./journal-file/create-file-appender";
export { createFileJournal } from "./journal-file/create-file-journal";
export type { FileJournalOptions } from "./journal-file/file-journal-options";
export { withFileMutationQueue } from "./with-file-mutation-queue";
