// The public API of @toolwright/journal-postgres: explicit named exports only.
export { createPostgresJournal } from "./create-postgres-journal";
export type {
  PostgresJournalClient,
  PostgresJournalOptions,
  PostgresJournalPool,
  PostgresQueryResult,
} from "./postgres-journal-options";
