// The coercion passes, as the validator's `compile()` uses them.
export { createCoercer } from "./create-coercer";
