import type { ConsolePaths } from "./console-paths";
import type { ResolvedConsoleOptions } from "./resolve-console-options";
import type { ConsoleSession, SessionStore } from "./security/session-store";

/** What every route of one console shares. */
export interface ConsoleContext {
  readonly options: ResolvedConsoleOptions;
  readonly paths: ConsolePaths;
  readonly sessions: SessionStore;
  /** A tool's label and description from the `tools` option, for display. */
  readonly describeTool: (name: string) => string | undefined;
  /** Whether the login token (token auth) was used. */
  readonly login: { spent: boolean };
}

/** The Hono environment of the console's routes: the signed-in session. */
export interface ConsoleEnv {
  readonly Variables: { session: ConsoleSession };
}
