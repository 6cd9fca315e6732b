export { checkObject } from "./check-object";
export { collectObject } from "./collect-object";
export {
  type ExtraChildStep,
  foldExtraChildren,
  forEachObjectChild,
  isClaimedKey,
  type ObjectChildVisitor,
} from "./for-each-object-child";
export {
  buildObjectShape,
  type ObjectDependency,
  type ObjectShape,
  propertySegmentsOf,
  requiredSegmentsOf,
} from "./object-shape";
export { reportObject } from "./report-object";
