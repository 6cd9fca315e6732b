// The life of one mount: its connection (install, disconnect, reconnect with backoff), its
// listen stream, its refresh passes and closing. The scheduling of refreshes lives in
// RefreshCycle, the tools themselves in MountedToolSet.
import type { ToolRegistry } from "@toolwright/tool-core";
import { backoffDelay, DEFAULT_BACKOFF } from "./backoff";
import { listMcpTools, type McpToolListing } from "./list-mcp-tools";
import { listenForToolChanges, type McpSubscription } from "./listen-for-tool-changes";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpClientLike, McpServerInfo } from "./mcp-client-like";
import type { McpMount, McpMountCloseOptions, McpMountStatus } from "./mcp-mount";
import type { McpMountEvent } from "./mcp-mount-event";
import type { McpToolChanges } from "./mcp-tool-changes";
import { MountedToolSet } from "./mounted-tool-set";
import { RefreshCycle } from "./refresh-cycle";
import type { ResolvedMountOptions } from "./resolve-mount-options";
import { Sleeper } from "./sleeper";

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
  #pollTimer: ReturnType<typeof setInterval> | undefined;
  readonly #cycle: RefreshCycle;
  #reconnecting: Promise<void> | undefined;
  readonly #sleeper = new Sleeper();

  constructor(
    registry: ToolRegistry,
    options: ResolvedMountOptions,
    factory: (() => Promise<McpClientLike>) | undefined,
  ) {
    this.id = options.id;
    this.#options = options;
    this.#factory = factory;
    this.#cycle = new RefreshCycle(() => this.#runPass(), options.listChangedDebounceMs);
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
    return this.#cycle.refresh();
  }

  settled(): Promise<void> {
    return this.#cycle.settled();
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
    if (!this.#closed && this.#status === "connected") this.#cycle.schedule();
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
    this.#listen(client);
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

  /** Opens the listen stream of a 2026-07-28 connection and keeps it open while `client` is current. */
  #listen(client: McpClientLike): void {
    const isCurrent = () =>
      client === this.#client && !this.#closed && this.#status === "connected";
    void listenForToolChanges(client, {
      policy: this.#options.reconnectPolicy ?? DEFAULT_BACKOFF,
      isCurrent,
      sleep: (milliseconds) => this.#sleeper.sleep(milliseconds),
      opened: (subscription) => {
        this.#subscription = subscription;
      },
      dropped: (subscription) => {
        if (this.#subscription === subscription) this.#subscription = undefined;
        this.#scheduleRefresh();
      },
      failed: (error) => this.#emit({ type: "refresh_failed", mountId: this.id, error }),
    });
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
      await this.#sleeper.sleep(backoffDelay(policy, attempt));
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
    this.#cycle.stop();
    if (this.#pollTimer !== undefined) clearInterval(this.#pollTimer);
    this.#sleeper.wakeAll();
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
