// A second process for the file journal's lock tests, on the built package:
//   node lock-holder.mjs <dir> <batchId>
// Tries to lock the batch. Prints "locked <pid>" and holds the lock until killed, or prints
// "refused <code>" and exits.
import { createFileJournal } from "../../../dist/node.js";

const [dir, batchId] = process.argv.slice(2);
const journal = createFileJournal({ dir });
try {
  await journal.lock(batchId, `lock-holder ${process.pid}`);
  console.log(`locked ${process.pid}`);
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log(`refused ${error.code ?? error.message}`);
  await journal.close();
}
