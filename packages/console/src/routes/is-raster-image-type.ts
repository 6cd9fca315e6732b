/** The image types shown inline: raster formats only. SVG (which can hold script) is a download. */
const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/** Whether a declared media type is shown inline (`image/png; x=y` counts as `image/png`). */
export function isRasterImageType(mimeType: string): boolean {
  return RASTER_IMAGE_TYPES.has(mimeType.split(";")[0]!.trim().toLowerCase());
}
