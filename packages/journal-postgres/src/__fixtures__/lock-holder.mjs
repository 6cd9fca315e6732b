// A second process for the Postgres lock test, on the built package:
//   node lock-holder.mjs <postgresUrl> <schema> <batchId>
// Locks the batch, prints "locked <pid>" and holds it until killed.
import pg from "pg";
import { createPostgresJournal } from "../../dist/index.js";

const [connectionString, schema, batchId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString, max: 2 });
const journal = createPostgresJournal({ pool, schema });
try {
  await journal.lock(batchId, `lock-holder ${process.pid}`);
  console.log(`locked ${process.pid}`);
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log(`refused ${error.code ?? error.message}`);
  await journal.close();
  await pool.end();
}
