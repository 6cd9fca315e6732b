import type { DemoOutput } from "./demo-output";

/** Writes whole lines, keeping one live status line (TTY only) below them. */
export interface LineWriter {
  /** Writes a line; on a TTY, the live line is erased first and redrawn after it. */
  line(text: string): void;
  /** Sets the live line (ignored when the output is not a TTY). */
  live(text: string): void;
  /** Erases the live line. */
  clearLive(): void;
  /** Whether a live line can be shown (the output is a TTY). */
  readonly isTTY: boolean;
}

const ERASE_LINE = "\r\u001b[2K";

/** A {@link LineWriter} on `output`. */
export function createLineWriter(output: DemoOutput): LineWriter {
  let current: string | undefined;
  return {
    isTTY: output.isTTY,
    line(text) {
      if (current !== undefined) output.write(ERASE_LINE);
      output.write(`${text}\n`);
      if (current !== undefined) output.write(current);
    },
    live(text) {
      if (!output.isTTY) return;
      current = text;
      output.write(`${ERASE_LINE}${text}`);
    },
    clearLive() {
      if (current === undefined) return;
      current = undefined;
      output.write(ERASE_LINE);
    },
  };
}
