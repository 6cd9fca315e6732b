export type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "./tool-dispatcher";
export { toolNotFoundOnWorkerText } from "./tool-not-found-on-worker-text";
