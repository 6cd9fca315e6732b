import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { isRasterImageType } from "./is-raster-image-type";

function decodeBase64(data: string): Uint8Array | undefined {
  try {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

/**
 * `GET <basePath>/batches/<batchId>/media/<callId>/<index>`: an image of a call's result. Raster
 * images (PNG, JPEG, GIF, WebP) are served inline with their type; anything else — SVG, which can
 * hold script, included — as `application/octet-stream` with `Content-Disposition: attachment`.
 */
export async function answerMedia(c: Context<ConsoleEnv>, console: ConsoleContext) {
  const batchId = c.req.param("batchId") ?? "";
  const callId = c.req.param("callId") ?? "";
  const index = Number(c.req.param("index"));
  const notFound = () => c.text("No such media.", 404);
  if (!Number.isSafeInteger(index) || index < 0) return notFound();
  const records = await console.options.journal.read(batchId).catch(() => []);
  const settled = records.find((record) => record.t === "settled" && record.callId === callId);
  if (settled?.t !== "settled") return notFound();
  const part = settled.outcome.result.content[index] as unknown as
    | Record<string, unknown>
    | undefined;
  if (part?.type !== "image" || typeof part.data !== "string") return notFound();
  const bytes = decodeBase64(part.data);
  if (bytes === undefined) return c.text("The image's data is not valid base64.", 422);
  const declared = typeof part.mimeType === "string" ? part.mimeType : "";
  const body = bytes.buffer as ArrayBuffer;
  if (isRasterImageType(declared)) {
    const type = declared.split(";")[0]!.trim().toLowerCase();
    return c.body(body, 200, { "Content-Type": type, "Content-Disposition": "inline" });
  }
  return c.body(body, 200, {
    "Content-Type": "application/octet-stream",
    "Content-Disposition": `attachment; filename="image-${index + 1}.bin"`,
  });
}
