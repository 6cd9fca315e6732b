/**
 * The `enum-case` rule (lossless only): the one string member of `members` that
 * equals `value` ignoring case, or `undefined` when none or more than one does (`"Red"` for
 * `["red", "RED"]` is ambiguous and stays). Case is folded with `toLowerCase`, so no locale
 * decides the answer.
 */
export function matchEnumCase(members: readonly unknown[], value: string): string | undefined {
  const folded = value.toLowerCase();
  let match: string | undefined;
  for (const member of members) {
    if (typeof member !== "string" || member.length !== value.length) continue;
    if (member.toLowerCase() !== folded) continue;
    if (match !== undefined && match !== member) return undefined;
    match = member;
  }
  return match;
}
