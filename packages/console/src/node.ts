// The Node-only entry of @toolwright/console (`@toolwright/console/node`): a console on its own
// HTTP server, as the CLI and the demo start it. The root entry stays web-standard.
export type { ConsoleServer, ServeConsoleOptions } from "./serve-console";
export { serveConsole } from "./serve-console";
