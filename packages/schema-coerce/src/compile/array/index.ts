export { type ArrayShape, buildArrayShape } from "./array-shape";
export { checkArray } from "./check-array";
export { collectArray } from "./collect-array";
export { reportArray } from "./report-array";
