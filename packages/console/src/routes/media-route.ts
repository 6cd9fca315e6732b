import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { readAudioDownloadType } from "./audio-download-type";
import { isRasterImageType } from "./is-raster-image-type";
import { readMediaPart, readResultPart } from "./read-media-part";

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

/** A download name made only of safe characters (the declared one is model- or tool-written). */
function downloadName(filename: string | undefined, index: number, extension: string): string {
  const safe = (filename ?? "")
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 100);
  return safe === "" ? `part-${index + 1}.${extension}` : safe;
}

/**
 * `GET <basePath>/batches/<batchId>/media/<callId>/<index>`: the bytes of a part of a call's result
 * (an image, a sound, a file, an embedded resource's blob). Raster images (PNG, JPEG, GIF, WebP)
 * are served inline with their type; anything else — SVG, which can hold script, included — is a
 * download (`Content-Disposition: attachment`): a known sound type keeps its type, so the
 * reviewer's system opens it with a player; every other type becomes `application/octet-stream`.
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
  const block = readResultPart(settled.outcome.result.content[index]);
  const media = block === undefined ? undefined : readMediaPart(block);
  if (media === undefined) return notFound();
  const bytes = decodeBase64(media.data);
  if (bytes === undefined) return c.text("The part's data is not valid base64.", 422);
  const body = bytes.buffer as ArrayBuffer;
  if (block?.type === "image" && isRasterImageType(media.mimeType)) {
    const type = media.mimeType.split(";")[0]!.trim().toLowerCase();
    return c.body(body, 200, { "Content-Type": type, "Content-Disposition": "inline" });
  }
  const audio = readAudioDownloadType(media.mimeType);
  const name = downloadName(media.filename, index, audio?.extension ?? "bin");
  return c.body(body, 200, {
    "Content-Type": audio?.type ?? "application/octet-stream",
    "Content-Disposition": `attachment; filename="${name}"`,
  });
}
