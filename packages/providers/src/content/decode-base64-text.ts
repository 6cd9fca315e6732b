/**
 * The UTF-8 text of base64 `data` (a `text/plain` file, for a provider that takes documents as
 * text), or `undefined` when `data` is not base64 of UTF-8 text. Browser-safe (`atob`,
 * `TextDecoder`); linear in the size of `data`.
 */
export function decodeBase64Text(data: string): string | undefined {
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
