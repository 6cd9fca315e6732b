export { createJsonRenderer } from "./create-json-renderer";
export { createPrettyRenderer } from "./create-pretty-renderer";
export type { DemoOutput } from "./demo-output";
