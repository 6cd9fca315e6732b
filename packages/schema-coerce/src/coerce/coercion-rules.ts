import type { CompileOptions } from "../types";
import { coercePrimitive } from "./coerce-primitive";
import { convertLiteral } from "./convert-literal";
import { convertPrimitive } from "./convert-primitive";
import { convertLosslessly } from "./lossless-primitive";
import type { LeafRule } from "./map-children";

/**
 * The conversion tables of one coercion mode, read by the passes: Pi's (`coerce:
 * true` / `"pi"`) or the lossless ones (`coerce: "lossless"`). The walks are the
 * same for both; only what a scalar may become, and the lossless-only rules, differ.
 */
export interface CoercionRules {
  /** SPEC §1.5: no invented values, plus the `drop-empty`, `enum-case` and `default` rules. */
  readonly lossless: boolean;
  /** Pass 2's table for one target `type`. */
  readonly convert: (type: string, value: unknown) => unknown;
  /** Pass 3's table for one target `type`. */
  readonly coerce: (type: string, value: unknown) => unknown;
  /** Literal conversion toward a `const` / `enum` member. */
  readonly literal: (literal: unknown, value: unknown) => unknown;
  /** Pass 2 at a leaf property (see `LeafRule`). */
  readonly convertLeaf: LeafRule;
  /** Pass 3 at a leaf property. */
  readonly coerceLeaf: LeafRule;
}

const piRules: CoercionRules = {
  lossless: false,
  convert: convertPrimitive,
  coerce: coercePrimitive,
  literal: convertLiteral,
  convertLeaf: { rule: "convert", convert: convertPrimitive, convertToLiteral: convertLiteral },
  coerceLeaf: { rule: "coerce-type", convert: coercePrimitive },
};

/** Lossless literal conversion: toward the literal's type with the lossless table. */
function convertLiteralLosslessly(literal: unknown, value: unknown): unknown {
  if (value === literal) return value;
  const type = typeof literal;
  if (type !== "string" && type !== "number" && type !== "boolean") return value;
  const converted = convertLosslessly(type, value);
  return converted === literal ? converted : value;
}

const losslessRules: CoercionRules = {
  lossless: true,
  convert: convertLosslessly,
  coerce: convertLosslessly,
  literal: convertLiteralLosslessly,
  // No literal shortcut: a literal property may also take the `enum-case` rule, which the
  // visit applies.
  convertLeaf: { rule: "convert", convert: convertLosslessly, readsNullSpellings: true },
  coerceLeaf: { rule: "coerce-type", convert: convertLosslessly },
};

/** The rules `options.coerce` selects: `"lossless"`, else Pi's (`true` / `"pi"`). */
export function selectCoercionRules(options: CompileOptions): CoercionRules {
  return options.coerce === "lossless" ? losslessRules : piRules;
}

/** Whether `options` turn the coercion passes on (`true`, `"pi"` or `"lossless"`). */
export function isCoercionOn(options: CompileOptions): boolean {
  return options.coerce === true || options.coerce === "pi" || options.coerce === "lossless";
}
