/** Where the demo writes: stdout in the CLI, a buffer in tests. */
export interface DemoOutput {
  /**
   * Writes text as is (the renderer adds the newlines).
   *
   * **Contract:** synchronous; must not throw.
   */
  write(text: string): void;
  /** A terminal: enables the live progress line (redrawn in place). */
  readonly isTTY: boolean;
  /** ANSI colours; the CLI turns them on only on a TTY without `NO_COLOR`. */
  readonly color: boolean;
}
