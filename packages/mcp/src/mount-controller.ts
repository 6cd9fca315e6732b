// The life of one mount: its connection (install, disconnect, reconnect with backoff), the
// refresh cycle (debounced triggers, single-flight passes with one follow-up) and closing. The
// tools themselves live in MountedToolSet.
import type { ToolRegistry } from "@toolwright/tool-core";
import { backoffDelay, DEFAULT_BACKOFF } from "./backoff";
import { listMcpTools, type McpToolListing } from "./list-mcp-tools";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpClientLike, McpServerInfo } from "./mcp-client-like";
import type { McpMount, McpMountCloseOptions, McpMountStatus } from "./mcp-mount";
import type { McpMountEvent } from "./mcp-mount-event";
import type { McpToolChanges } from "./mcp-tool-changes";
import { MountedToolSet } from "./mounted-tool-set";
import type { ResolvedMountOptions } from "./resolve-mount-options";

type McpSubscription = Awaited<ReturnType<McpClientLike["listen"]>>;
type Timer = ReturnType<typeof setTimeout>;

const noop = () => {};

export class MountController implements McpMount {
  readonly id: string;
  readonly #options: ResolvedMountOptions;
  readonly #factory: (() => Promise<McpClientLike>) | undefined;
  readonly #toolSet: MountedToolSet;
  #status: McpMountStatus = "disconnected";
  #client: McpClientLike | undefined;
  #ownsClient = false;
  #serverInfo: McpServerInfo;
  #uninstall: (() => void) | undefined;
  #subscription: McpSubscription | undefined;
  #committed = false;
  #changedBeforeCommit = false;
  #closed = false;
  #closing: Promise<void> | undefined;
  #debounceTimer: Timer | undefined;
  #debounceWaiters: Array<() => void> = [];
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<McpToolChanges> | undefined;
  #followUp: Promise<McpToolChanges> | undefined;
  #reconnecting: Promise<void> | undefined;
  #sleepers = new Set<{ timer: Timer; wake: () => void }>();

  constructor(
    registry: ToolRegistry,
    options: ResolvedMountOptions,
    factory: (() => Promise<McpClientLike>) | undefined,
  ) {
    this.id = options.id;
    this.#options = options;
    this.#factory = factory;
    this.#toolSet = new MountedToolSet(
      registry,
      {
        options,
        serverInfo: () => this.#serverInfo,
        connectedClient: () => (this.#status === "connected" ? this.#client : undefined),
      },
      (event) => this.#emit(event),
    );
  }

  get status(): McpMountStatus {
    return this.#status;
  }

  tools() {
    return this.#toolSet.tools();
  }

  /** Connects (factory) or takes the client, installs the handlers and lists the tools once. */
  async open(source: McpClientLike | (() => Promise<McpClientLike>)): Promise<McpToolListing> {
    let client: McpClientLike;
    try {
      client = this.#factory !== undefined ? await this.#factory() : (source as McpClientLike);
    } catch (error) {
      throw new McpBridgeError(
        "LIST_FAILED",
        `MCP server "${this.id}" could not be connected: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
    this.#ownsClient = this.#factory !== undefined;
    if (client.getServerCapabilities() === undefined) {
      if (this.#ownsClient) await client.close().catch(noop);
      throw new McpBridgeError(
        "LIST_FAILED",
        `MCP server "${this.id}" could not list its tools: the client is not connected`,
      );
    }
    this.#install(client);
    try {
      return await listMcpTools(client, this.#options.requestTimeoutMs);
    } catch (error) {
      await this.#shutDown(false);
      throw new McpBridgeError(
        "LIST_FAILED",
        `MCP server "${this.id}" could not list its tools: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  /** Registers the first listing; from now on changes are applied as they come. */
  commit(listing: McpToolListing): McpToolChanges {
    this.#toolSet.reportInvalid(listing.invalid);
    let changes: McpToolChanges;
    try {
      changes = this.#toolSet.apply(listing.tools, this.#options.onCollision === "throw");
    } catch (error) {
      void this.#shutDown(false);
      throw error;
    }
    this.#committed = true;
    this.#emit({ type: "tools_changed", mountId: this.id, ...changes });
    if (this.#options.pollIntervalMs !== undefined) {
      this.#pollTimer = setInterval(() => this.#scheduleRefresh(), this.#options.pollIntervalMs);
      unrefTimer(this.#pollTimer);
    }
    if (this.#changedBeforeCommit) this.#scheduleRefresh();
    return changes;
  }

  refresh(): Promise<McpToolChanges> {
    if (this.#closed) return Promise.reject(closedError(this.id));
    const running = this.#running;
    if (running === undefined) {
      const pass = this.#runPass();
      this.#running = pass;
      const clear = () => {
        if (this.#running === pass) this.#running = undefined;
      };
      pass.then(clear, clear);
      return pass;
    }
    // Single-flight: everything asked for during a pass is answered by one more pass after it.
    this.#followUp ??= running.then(noop, noop).then(() => {
      this.#followUp = undefined;
      return this.refresh();
    });
    return this.#followUp;
  }

  async settled(): Promise<void> {
    for (;;) {
      if (this.#debounceTimer !== undefined)
        await new Promise<void>((resolve) => this.#debounceWaiters.push(resolve));
      else if (this.#followUp !== undefined) await this.#followUp.then(noop, noop);
      else if (this.#running !== undefined) await this.#running.then(noop, noop);
      else return;
    }
  }

  async attach(client: McpClientLike): Promise<McpToolChanges> {
    if (this.#closed) throw closedError(this.id);
    this.#replaceClient(client, false);
    return this.refresh();
  }

  async reconnect(): Promise<McpToolChanges> {
    if (this.#closed) throw closedError(this.id);
    if (this.#factory === undefined) {
      throw new McpBridgeError(
        "INVALID_OPTIONS",
        `MCP server "${this.id}" was mounted with a client, not a factory, so it cannot reconnect by itself; use attach(client)`,
      );
    }
    const client = await this.#factory();
    if (this.#closed) {
      await client.close().catch(noop);
      throw closedError(this.id);
    }
    this.#replaceClient(client, true);
    return this.refresh();
  }

  close(options: McpMountCloseOptions = {}): Promise<void> {
    this.#closing ??= this.#shutDown(options.unregister !== false);
    return this.#closing;
  }

  async #runPass(): Promise<McpToolChanges> {
    const client = this.#client;
    if (this.#closed) throw closedError(this.id);
    if (client === undefined || this.#status !== "connected") {
      throw new McpBridgeError("NOT_CONNECTED", `MCP server "${this.id}" is not connected`);
    }
    let listing: McpToolListing;
    try {
      listing = await listMcpTools(client, this.#options.requestTimeoutMs);
    } catch (error) {
      if (client === this.#client && !this.#closed)
        this.#emit({ type: "refresh_failed", mountId: this.id, error });
      throw error;
    }
    if (this.#closed) throw closedError(this.id);
    if (client !== this.#client)
      throw new McpBridgeError(
        "NOT_CONNECTED",
        `MCP server "${this.id}" changed its connection during the refresh`,
      );
    this.#toolSet.reportInvalid(listing.invalid);
    const changes = this.#toolSet.apply(listing.tools, false);
    if (changes.added.length + changes.removed.length + changes.changed.length > 0) {
      this.#emit({ type: "tools_changed", mountId: this.id, ...changes });
    }
    return changes;
  }

  #scheduleRefresh(): void {
    if (this.#closed || this.#status !== "connected" || this.#debounceTimer !== undefined) return;
    this.#debounceTimer = setTimeout(() => {
      this.#debounceTimer = undefined;
      // refresh() registers itself as running before the waiters look again.
      this.refresh().catch(noop);
      this.#wakeDebounceWaiters();
    }, this.#options.listChangedDebounceMs);
  }

  #wakeDebounceWaiters(): void {
    const waiters = this.#debounceWaiters;
    this.#debounceWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Makes `client` the mount's client: handlers on it, `connected`, the listen stream opened. */
  #install(client: McpClientLike): void {
    this.#client = client;
    this.#serverInfo = client.getServerVersion();
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      if (client !== this.#client) return;
      if (this.#committed) this.#scheduleRefresh();
      else this.#changedBeforeCommit = true;
    });
    const previousOnclose = client.onclose;
    const onclose = () => {
      try {
        previousOnclose?.call(client);
      } finally {
        this.#handleClose(client);
      }
    };
    client.onclose = onclose;
    this.#uninstall = () => {
      const removable = client as { removeNotificationHandler?: (method: string) => void };
      if (typeof removable.removeNotificationHandler === "function") {
        removable.removeNotificationHandler("notifications/tools/list_changed");
      } else {
        client.setNotificationHandler("notifications/tools/list_changed", noop);
      }
      if (client.onclose === onclose) client.onclose = previousOnclose;
      const subscription = this.#subscription;
      this.#subscription = undefined;
      if (subscription !== undefined) void subscription.close().catch(noop);
    };
    this.#setStatus("connected");
    void this.#listen(client, 0);
  }

  #replaceClient(client: McpClientLike, owned: boolean): void {
    const previous = this.#client;
    const ownedPrevious = this.#ownsClient;
    if (previous !== client) {
      this.#uninstall?.();
      if (previous !== undefined && ownedPrevious) void previous.close().catch(noop);
    }
    this.#ownsClient = owned;
    this.#install(client);
  }

  /**
   * On a 2026-07-28 connection, change notifications come on a `subscriptions/listen` stream
   * (unless the client opened one itself). A stream that ends without us closing it triggers one
   * refresh and is opened again with the backoff.
   */
  async #listen(client: McpClientLike, attempt: number): Promise<void> {
    if (client.getProtocolEra() !== "modern" || client.autoOpenedSubscription !== undefined) return;
    const policy = this.#options.reconnectPolicy ?? DEFAULT_BACKOFF;
    for (let next = attempt; ; next++) {
      if (next > 0) {
        if (next > policy.maxAttempts) return;
        await this.#sleep(backoffDelay(policy, next));
      }
      if (client !== this.#client || this.#closed || this.#status !== "connected") return;
      let subscription: McpSubscription;
      try {
        subscription = await client.listen({ toolsListChanged: true });
      } catch (error) {
        if (client === this.#client && !this.#closed)
          this.#emit({ type: "refresh_failed", mountId: this.id, error });
        continue;
      }
      if (client !== this.#client || this.#closed) {
        void subscription.close().catch(noop);
        return;
      }
      this.#subscription = subscription;
      void subscription.closed.then((cause) => {
        if (this.#subscription === subscription) this.#subscription = undefined;
        if (
          cause === "local" ||
          client !== this.#client ||
          this.#closed ||
          this.#status !== "connected"
        )
          return;
        this.#scheduleRefresh();
        void this.#listen(client, 1);
      });
      return;
    }
  }

  #handleClose(client: McpClientLike): void {
    if (client !== this.#client || this.#closed) return;
    this.#uninstall?.();
    this.#uninstall = undefined;
    this.#setStatus("disconnected");
    if (this.#options.onDisconnect === "unregister") {
      const removed = this.#toolSet.unregisterAll();
      if (removed.length > 0)
        this.#emit({ type: "tools_changed", mountId: this.id, added: [], removed, changed: [] });
    }
    if (
      this.#factory !== undefined &&
      this.#options.reconnectPolicy !== undefined &&
      this.#committed
    ) {
      this.#reconnecting ??= this.#reconnectWithBackoff().finally(() => {
        this.#reconnecting = undefined;
      });
    }
  }

  async #reconnectWithBackoff(): Promise<void> {
    const policy = this.#options.reconnectPolicy ?? DEFAULT_BACKOFF;
    const factory = this.#factory as () => Promise<McpClientLike>;
    this.#setStatus("reconnecting");
    let lastError: unknown = new McpBridgeError(
      "NOT_CONNECTED",
      `MCP server "${this.id}" is not connected`,
    );
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      await this.#sleep(backoffDelay(policy, attempt));
      if (this.#closed || this.#isConnected()) return;
      let client: McpClientLike;
      try {
        client = await factory();
      } catch (error) {
        lastError = error;
        continue;
      }
      if (this.#closed || this.#isConnected()) {
        await client.close().catch(noop);
        return;
      }
      this.#replaceClient(client, true);
      await this.refresh().catch(noop);
      return;
    }
    if (this.#closed) return;
    this.#setStatus("disconnected");
    this.#emit({ type: "reconnect_failed", mountId: this.id, error: lastError });
  }

  async #shutDown(unregister: boolean): Promise<void> {
    this.#closed = true;
    if (this.#debounceTimer !== undefined) clearTimeout(this.#debounceTimer);
    this.#debounceTimer = undefined;
    this.#wakeDebounceWaiters();
    if (this.#pollTimer !== undefined) clearInterval(this.#pollTimer);
    for (const sleeper of this.#sleepers) {
      clearTimeout(sleeper.timer);
      sleeper.wake();
    }
    this.#uninstall?.();
    this.#uninstall = undefined;
    if (unregister) {
      const removed = this.#toolSet.unregisterAll();
      if (removed.length > 0)
        this.#emit({ type: "tools_changed", mountId: this.id, added: [], removed, changed: [] });
    }
    this.#setStatus("closed");
    const client = this.#client;
    if (client !== undefined && this.#ownsClient) await client.close().catch(noop);
  }

  #sleep(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.#sleepers.delete(sleeper);
          resolve();
        }, milliseconds),
        wake: () => resolve(),
      };
      this.#sleepers.add(sleeper);
    });
  }

  // A method, not a field read: TypeScript would otherwise keep a narrowing across awaits.
  #isConnected(): boolean {
    return this.#status === "connected";
  }

  #setStatus(status: McpMountStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#emit({ type: "status", mountId: this.id, status });
  }

  #emit(event: McpMountEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch {
      // A listener never breaks the mount (its contract).
    }
  }
}

function closedError(id: string): McpBridgeError {
  return new McpBridgeError("CLOSED", `MCP server "${id}" was unmounted`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unrefTimer(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
