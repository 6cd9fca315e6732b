// The Node-only entry of @toolwright/tool-exec (`@toolwright/tool-exec/node`): what needs `node:`
// modules lives here, so the root entry stays browser-safe.
export { withFileMutationQueue } from "./with-file-mutation-queue";
