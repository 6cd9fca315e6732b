import { defineTool } from "@toolwright/tool-core";
import { z } from "zod";

type Dimension = "length" | "mass" | "temperature";

interface Unit {
  readonly dimension: Dimension;
  /** Value in the dimension's base unit (metre, gram, kelvin) = value × scale + offset. */
  readonly scale: number;
  readonly offset: number;
}

const units = {
  mm: { dimension: "length", scale: 0.001, offset: 0 },
  m: { dimension: "length", scale: 1, offset: 0 },
  km: { dimension: "length", scale: 1000, offset: 0 },
  in: { dimension: "length", scale: 0.0254, offset: 0 },
  ft: { dimension: "length", scale: 0.3048, offset: 0 },
  mi: { dimension: "length", scale: 1609.344, offset: 0 },
  g: { dimension: "mass", scale: 1, offset: 0 },
  kg: { dimension: "mass", scale: 1000, offset: 0 },
  oz: { dimension: "mass", scale: 28.349523125, offset: 0 },
  lb: { dimension: "mass", scale: 453.59237, offset: 0 },
  C: { dimension: "temperature", scale: 1, offset: 273.15 },
  F: { dimension: "temperature", scale: 5 / 9, offset: 273.15 - (32 * 5) / 9 },
  K: { dimension: "temperature", scale: 1, offset: 0 },
} as const satisfies Record<string, Unit>;

type UnitName = keyof typeof units;
const unitNames = Object.keys(units) as [UnitName, ...UnitName[]];

/**
 * Converts lengths, masses and temperatures — the demo's Standard Schema tool: its parameters are
 * a Zod 4 schema. The model sees the JSON Schema Zod produces; the arguments are coerced against
 * it, then Zod's own rules run (here: both units measure the same thing) and `params` is Zod's
 * output, with `precision` defaulted by Zod.
 */
export const convertUnitsTool = defineTool({
  name: "convert_units",
  label: "Convert units",
  description: "Convert a length, mass or temperature from one unit to another.",
  parameters: z
    .object({
      value: z.number().describe("The amount to convert, e.g. 5."),
      from: z.enum(unitNames).describe("The unit of value."),
      to: z.enum(unitNames).describe("The unit to convert to; same kind as from."),
      precision: z.number().int().min(0).max(6).default(2).describe("Decimal places."),
    })
    .superRefine(({ from, to }, context) => {
      const fromDimension = units[from].dimension;
      const toDimension = units[to].dimension;
      if (fromDimension !== toDimension) {
        context.addIssue({
          code: "custom",
          path: ["to"],
          message: `cannot convert ${from} (${fromDimension}) to ${to} (${toDimension})`,
        });
      }
    }),
  execute({ value, from, to, precision }) {
    const base = value * units[from].scale + units[from].offset;
    const converted = (base - units[to].offset) / units[to].scale;
    const text = `${value} ${from} = ${converted.toFixed(precision)} ${to}`;
    return { content: [{ type: "text", text }], details: { value, from, to, converted } };
  },
});
