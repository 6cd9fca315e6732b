/** Text styles; each is the identity when colours are off. */
export interface Palette {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
  readonly magenta: (text: string) => string;
}

/** ANSI styles when `enabled`, plain text otherwise. */
export function createPalette(enabled: boolean): Palette {
  const style =
    (open: number, close: number) =>
    (text: string): string =>
      enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: style(1, 22),
    dim: style(2, 22),
    red: style(31, 39),
    green: style(32, 39),
    yellow: style(33, 39),
    cyan: style(36, 39),
    magenta: style(35, 39),
  };
}
