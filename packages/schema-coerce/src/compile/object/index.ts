export { checkObject } from "./check-object";
export { collectObject } from "./collect-object";
export {
  createObjectChildWalk,
  type ExtraChildStep,
  foldExtraChildren,
  isClaimedKey,
  type ObjectChildVisitor,
  type ObjectChildWalk,
} from "./for-each-object-child";
export {
  buildObjectShape,
  type ObjectDependency,
  type ObjectShape,
  propertySegmentsOf,
  requiredSegmentsOf,
} from "./object-shape";
export { reportObject } from "./report-object";
