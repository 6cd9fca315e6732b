// The public API of @toolwright/queue-bullmq: explicit named exports only. Node-only (BullMQ).
export type { BullmqQueueOptions } from "./bullmq-queue-options";
export { CANCEL_EVENT } from "./cancel-event";
export type { BullmqDispatcher, BullmqDispatcherOptions } from "./create-bullmq-dispatcher";
export { createBullmqDispatcher } from "./create-bullmq-dispatcher";
export { jobIdForKey } from "./job-id-for-key";
export type { QueueBullmqErrorCode, QueueBullmqErrorOptions } from "./queue-bullmq-error";
export { QueueBullmqError } from "./queue-bullmq-error";
export type { BullmqToolWorker, BullmqToolWorkerOptions } from "./start-bullmq-tool-worker";
export { startBullmqToolWorker } from "./start-bullmq-tool-worker";
