export type { ApprovalAnswer, ApprovalDecider } from "./approval-decider";
export { createConsoleDecider } from "./create-console-decider";
export { createFixedDecider } from "./create-fixed-decider";
export { createSuspensionHandler } from "./create-suspension-handler";
export type { TerminalStreams } from "./create-terminal-decider";
export { createTerminalDecider } from "./create-terminal-decider";
export { loadSuspendedBatch, saveSuspendedBatch } from "./save-suspended-batch";
