import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { userInfo } from "node:os";
import { getRequestListener } from "@hono/node-server";
import { ConsoleError } from "./console-error";
import type { ConsoleAuth, ConsoleOptions } from "./console-options";
import { createConsoleHandler } from "./create-console-handler";
import { randomToken } from "./security/random-token";

/** Options of {@link serveConsole}: the handler's, with `auth` optional, and where to listen. */
export interface ServeConsoleOptions extends Omit<ConsoleOptions, "auth" | "origin"> {
  /** Default: a random one-time login token, given only in `loginUrl`, signing in `reviewer`. */
  readonly auth?: ConsoleAuth | undefined;
  /** Who the generated token signs in (recorded as a decision's `by`); default the OS user name. */
  readonly reviewer?: string | undefined;
  /** Default `"127.0.0.1"`: only this machine can connect. */
  readonly host?: string | undefined;
  /** Default 0: a free port. */
  readonly port?: number | undefined;
}

/** A running console. */
export interface ConsoleServer {
  /** The batches page, e.g. `http://127.0.0.1:41234/`. */
  readonly url: string;
  /** The one-time sign-in link, when the console generated the token. */
  readonly loginUrl: string | undefined;
  /** The address it listens on. */
  readonly host: string;
  readonly port: number;
  /** Stops accepting connections and closes the open ones. */
  close(): Promise<void>;
}

/** Whether a host name or address only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The OS user name, or `"reviewer"` where there is none. */
export function defaultReviewer(): string {
  try {
    const name = userInfo().username.trim();
    return name === "" ? "reviewer" : name;
  } catch {
    return "reviewer";
  }
}

/**
 * Starts a console on its own HTTP server (Node), bound to 127.0.0.1 unless `host` says
 * otherwise. Without `auth` it generates a one-time login token and returns the link in
 * `loginUrl`. On a loopback host the console's origin is fixed to the printed URL's, so a page
 * that reaches it under another name (DNS rebinding) cannot pass the CSRF origin check.
 */
export async function serveConsole(options: ServeConsoleOptions): Promise<ConsoleServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 0;
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535)
    throw new ConsoleError(
      "INVALID_OPTIONS",
      `serveConsole: port must be 0 to 65535, got ${String(port)}`,
    );
  const token = options.auth === undefined ? randomToken() : undefined;
  const auth: ConsoleAuth = options.auth ?? {
    token: token!,
    reviewer: options.reviewer ?? defaultReviewer(),
  };
  // The origin is known once the port is: the handler is made when the server listens.
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const server = createServer(
    getRequestListener((request) => handler!(request), { overrideGlobalObjects: false }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const base = options.basePath ?? "";
  const origin = `http://${shownHost}:${address.port}`;
  try {
    handler = createConsoleHandler({
      ...options,
      auth,
      ...(isLoopbackHost(host) ? { origin } : {}),
    });
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    url: `${origin}${base}/`,
    loginUrl: token === undefined ? undefined : `${origin}${base}/login?token=${token}`,
    host: address.address,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
