const encoder = new TextEncoder();

/**
 * Whether two secrets are equal, in a time that does not depend on where they differ: both are
 * hashed (SHA-256, Web Crypto) and the digests compared byte by byte without stopping early, so
 * the comparison also hides the expected secret's length.
 */
export async function constantTimeEqual(given: string, expected: string): Promise<boolean> {
  const [left, right] = await Promise.all(
    [given, expected].map(
      async (text) => new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))),
    ),
  );
  let difference = 0;
  for (let index = 0; index < left!.length; index++) difference |= left![index]! ^ right![index]!;
  return difference === 0;
}
