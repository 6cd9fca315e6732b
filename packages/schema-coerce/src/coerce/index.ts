// The coercion passes, as the validator's `compile()` uses them.

export { isCoercionOn } from "./coercion-rules";
export type { Coercer, CoercionVerdict } from "./create-coercer";
export { createCoercer } from "./create-coercer";
