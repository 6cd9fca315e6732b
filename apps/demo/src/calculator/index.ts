export { evaluateExpression } from "./evaluate-expression";
export { ExpressionError } from "./expression-error";
