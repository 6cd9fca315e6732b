import type pg from "pg";
import { describe, expectTypeOf, it } from "vitest";
import type { PostgresJournalClient, PostgresJournalPool } from "./postgres-journal-options";

describe("PostgresJournalPool", () => {
  it("should accept a pg.Pool and its clients as they are", () => {
    expectTypeOf<pg.Pool>().toMatchTypeOf<PostgresJournalPool>();
    expectTypeOf<pg.PoolClient>().toMatchTypeOf<PostgresJournalClient>();
  });

  it("should refuse an object without connect()", () => {
    expectTypeOf<{ query(): void }>().not.toMatchTypeOf<PostgresJournalPool>();
  });
});
