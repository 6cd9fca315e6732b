/**
 * The state's HMAC-SHA256 signature: over the UTF-8 canonical JSON of the state without
 * its `signature`, with `crypto.subtle`, so it runs in browsers and edge runtimes as well as Node.
 * Verification uses `subtle.verify`, which compares in constant time.
 */
import { decodeBase64url, encodeBase64url } from "./base64url";
import { toCanonicalJson } from "./to-canonical-json";

/** The base64url signature of `state` (its own `signature`, if any, is left out). */
export async function signSuspendedBatch(
  state: object,
  secret: string | Uint8Array,
): Promise<string> {
  const key = await importSecret(secret, "sign");
  const signature = await crypto.subtle.sign("HMAC", key, signedBytes(state));
  return encodeBase64url(new Uint8Array(signature));
}

/**
 * Whether `state.signature` is the signature of the rest of `state` under `secret`. `false` for an
 * absent or malformed signature. Throws what {@link toCanonicalJson} throws for a non-JSON state.
 */
export async function verifySuspendedBatch(
  state: object,
  secret: string | Uint8Array,
): Promise<boolean> {
  const { signature } = state as { readonly signature?: unknown };
  if (typeof signature !== "string") return false;
  const bytes = decodeBase64url(signature);
  if (bytes === undefined || bytes.length !== 32) return false;
  const data = signedBytes(state);
  const key = await importSecret(secret, "verify");
  return crypto.subtle.verify("HMAC", key, bytes as Uint8Array<ArrayBuffer>, data);
}

/** The UTF-8 canonical JSON of every field but `signature`. */
function signedBytes(state: object): Uint8Array<ArrayBuffer> {
  const { signature: _signature, ...unsigned } = state as { readonly signature?: unknown };
  return new TextEncoder().encode(toCanonicalJson(unsigned));
}

function importSecret(
  secret: string | Uint8Array,
  usage: "sign" | "verify",
): ReturnType<typeof crypto.subtle.importKey> {
  const raw = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
  return crypto.subtle.importKey(
    "raw",
    raw as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    [usage],
  );
}
