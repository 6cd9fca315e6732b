import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/** A 1×1 red PNG. */
const RED_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/**
 * Writes `pixel.png` (a 1×1 red PNG) and `tone.wav` (a quarter second of a 440 Hz tone, 16-bit
 * mono PCM at 8 kHz) into `root`, for the MCP filesystem server's `read_media_file` to return as an
 * image block and an audio block. Returns their paths.
 */
export async function writeMediaFiles(root: string): Promise<{ png: string; wav: string }> {
  const png = join(root, "pixel.png");
  const wav = join(root, "tone.wav");
  await writeFile(png, Buffer.from(RED_PIXEL_PNG, "base64"));
  await writeFile(wav, createTone(8000, 0.25));
  return { png, wav };
}

function createTone(sampleRate: number, seconds: number): Buffer {
  const samples = Math.round(sampleRate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index++) {
    wav.writeInt16LE(
      Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 12_000),
      44 + index * 2,
    );
  }
  return wav;
}
