// The coercion passes, as the validator's `compile()` uses them.
export type { Coercer, CoercionVerdict } from "./create-coercer";
export { createCoercer } from "./create-coercer";
