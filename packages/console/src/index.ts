// The public API of @toolwright/console: explicit named exports only.
export type { ConsoleErrorCode } from "./console-error";
export { ConsoleError } from "./console-error";
export type {
  ConsoleAuth,
  ConsoleOptions,
  ConsoleReviewer,
  ConsoleVerify,
} from "./console-options";
export type { ConsoleHandler } from "./create-console-handler";
export { createConsoleHandler } from "./create-console-handler";
