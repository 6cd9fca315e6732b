/**
 * Thrown by a compiler that did not index its document when it meets something only the index
 * can answer; `compileRoot` then starts over with an indexed compiler. Never leaves `compile()`.
 */
export const needsIndex: Error = new Error("the document must be indexed");
