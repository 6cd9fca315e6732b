import type { FormatCheck } from "../types";

/** The built-in format checkers, used when `formats: true`. */
export const formats: Readonly<Record<string, FormatCheck>> = Object.freeze({});
