/** The largest form body the console reads. */
export const MAX_FORM_BYTES = 64 * 1024;

/** A form body, or why it cannot be read (with the status to answer). */
export type ReadFormResult =
  | { readonly ok: true; readonly form: URLSearchParams }
  | { readonly ok: false; readonly status: 413 | 415; readonly message: string };

/** Reads an `application/x-www-form-urlencoded` body of at most {@link MAX_FORM_BYTES}. */
export async function readForm(request: Request): Promise<ReadFormResult> {
  const type = request.headers.get("content-type") ?? "";
  if (type.split(";")[0]!.trim().toLowerCase() !== "application/x-www-form-urlencoded")
    return {
      ok: false,
      status: 415,
      message: "Send the form as application/x-www-form-urlencoded.",
    };
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = { ok: false, status: 413, message: "The form is too large." } as const;
  if (declared > MAX_FORM_BYTES) return tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > MAX_FORM_BYTES) {
        await reader.cancel();
        return tooLarge;
      }
      chunks.push(chunk.value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, form: new URLSearchParams(new TextDecoder().decode(bytes)) };
}
