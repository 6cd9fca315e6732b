import { Type } from "@sinclair/typebox";
import { defineTool } from "@toolwright/tool-core";
import { evaluateExpression } from "../calculator";

const CalculationSchema = Type.Object(
  { expression: Type.String(), value: Type.Number() },
  { additionalProperties: false },
);

/**
 * Evaluates arithmetic with the hand-written evaluator (no `eval`). A value tool: `execute` returns
 * `{ expression, value }`, the executor checks it against `output.schema`, and `render` writes
 * what the model reads.
 */
export const calculatorTool = defineTool({
  name: "calculator",
  label: "Calculator",
  description:
    "Evaluate an arithmetic expression: + - * / % ^, parentheses, pi, e, sqrt, abs, round, floor, ceil, min, max.",
  parameters: Type.Object(
    {
      expression: Type.String({ minLength: 1, maxLength: 500, description: "e.g. (2 + 3) * 4" }),
      precision: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 12, description: "Decimal places to round to." }),
      ),
    },
    { additionalProperties: false },
  ),
  output: {
    schema: CalculationSchema,
    render: (calculation) => `${calculation.expression} = ${calculation.value}`,
  },
  execute(params) {
    const exact = evaluateExpression(params.expression);
    const value = params.precision === undefined ? exact : Number(exact.toFixed(params.precision));
    return { expression: params.expression, value };
  },
});
