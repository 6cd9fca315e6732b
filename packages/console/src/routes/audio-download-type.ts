/** The sound types a download keeps, each with the file extension its default name gets. */
const AUDIO_TYPES: ReadonlyMap<string, string> = new Map([
  ["audio/wav", "wav"],
  ["audio/wave", "wav"],
  ["audio/x-wav", "wav"],
  ["audio/mpeg", "mp3"],
  ["audio/mp3", "mp3"],
  ["audio/ogg", "ogg"],
  ["audio/opus", "opus"],
  ["audio/webm", "webm"],
  ["audio/mp4", "m4a"],
  ["audio/aac", "aac"],
  ["audio/flac", "flac"],
  ["audio/x-flac", "flac"],
]);

/**
 * A declared sound type the media route serves as it is (still as a download), with the extension
 * of the download's default name; `undefined` for anything else, which is served as
 * `application/octet-stream`. Parameters are dropped (`audio/mpeg; rate=44100` is `audio/mpeg`):
 * a declared type is model- or tool-written, so only a known name goes into a header.
 */
export function readAudioDownloadType(
  mimeType: string,
): { readonly type: string; readonly extension: string } | undefined {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  const extension = AUDIO_TYPES.get(type);
  return extension === undefined ? undefined : { type, extension };
}
