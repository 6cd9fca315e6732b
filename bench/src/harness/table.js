// One table model, printed two ways: aligned text for the terminal, GitHub markdown for the README.

/**
 * @typedef {object} Table
 * @property {string} title
 * @property {string[]} header
 * @property {string[][]} rows
 * @property {string[]} [notes]
 */

/**
 * Aligned plain text for stdout.
 * @param {Table} table
 */
export function renderText(table) {
  const widths = table.header.map((cell, column) =>
    Math.max(cell.length, ...table.rows.map((row) => (row[column] ?? "").length)),
  );
  /** @param {string[]} row */
  const line = (row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const notes = (table.notes ?? []).map((note) => `  note: ${note}`);
  return [`\n${table.title}`, line(table.header), rule, ...table.rows.map(line), ...notes].join(
    "\n",
  );
}

/**
 * A GitHub markdown table under a heading.
 * @param {Table} table
 */
export function renderMarkdown(table) {
  /** @param {string} cell */
  const escapeCell = (cell) => cell.replaceAll("|", "\\|");
  /** @param {string[]} row */
  const line = (row) => `| ${row.map(escapeCell).join(" | ")} |`;
  const notes = (table.notes ?? []).map((note) => `- ${note}`);
  return [
    `#### ${table.title}`,
    "",
    line(table.header),
    line(table.header.map(() => "---")),
    ...table.rows.map(line),
    ...(notes.length > 0 ? ["", ...notes] : []),
    "",
  ].join("\n");
}
