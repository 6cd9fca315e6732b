/** Longest text shown for one value; the rest is cut, and how much is said. */
export const MAX_SHOWN_CHARACTERS = 20_000;

/** `text`, cut to {@link MAX_SHOWN_CHARACTERS} with a note of what was left out. */
export function cutText(text: string): string {
  if (text.length <= MAX_SHOWN_CHARACTERS) return text;
  const rest = text.length - MAX_SHOWN_CHARACTERS;
  return `${text.slice(0, MAX_SHOWN_CHARACTERS)}\n… (${rest} more characters not shown)`;
}

/** A JSON value as indented text, cut like {@link cutText}. */
export function formatJson(value: unknown): string {
  return cutText(JSON.stringify(value, null, 2) ?? String(value));
}

/** `1 234 B`, `12.3 KB`, `4.5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
