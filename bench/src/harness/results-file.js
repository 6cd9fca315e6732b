// The README holds one block per bench part between markers; a run rewrites only the blocks of
// the parts it ran, so `pnpm bench -- exec` leaves the schema tables of the last full run intact.
import { readFile, writeFile } from "node:fs/promises";

/**
 * Replaces the block of `part` in the file at `path` with `markdown`.
 *
 * @param {string} path
 * @param {string} part
 * @param {string} markdown
 */
export async function writeResultsBlock(path, part, markdown) {
  const start = `<!-- results:${part}:start -->`;
  const end = `<!-- results:${part}:end -->`;
  const text = await readFile(path, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) {
    throw new Error(`${path} has no ${start} … ${end} block`);
  }
  const next = `${text.slice(0, from + start.length)}\n${markdown.trim()}\n${text.slice(to)}`;
  await writeFile(path, next);
}
