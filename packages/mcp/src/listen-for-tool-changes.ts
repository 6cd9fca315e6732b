import { type BackoffPolicy, backoffDelay } from "./backoff";
import type { McpClientLike } from "./mcp-client-like";

/** A `subscriptions/listen` stream, as `client.listen` returns it. */
export type McpSubscription = Awaited<ReturnType<McpClientLike["listen"]>>;

/** What {@link listenForToolChanges} needs of its mount. */
export interface ListenHooks {
  readonly policy: BackoffPolicy;
  /** Whether `client` is still the mount's connected client (else listening stops). */
  isCurrent(): boolean;
  sleep(milliseconds: number): Promise<void>;
  /** The stream is open; the mount keeps it to close it later. */
  opened(subscription: McpSubscription): void;
  /** The stream ended without the mount closing it: refresh once. */
  dropped(subscription: McpSubscription): void;
  /** Opening the stream failed (it is retried with the backoff). */
  failed(error: unknown): void;
}

/**
 * On a 2026-07-28 connection, tool changes arrive on a `subscriptions/listen` stream (unless the
 * client opened one itself, through its `listChanged` option). Opens it; when it ends `'remote'`
 * or `'graceful'`, reports the drop and opens it again, waiting with the backoff between attempts.
 */
export async function listenForToolChanges(
  client: McpClientLike,
  hooks: ListenHooks,
  attempt = 0,
): Promise<void> {
  if (client.getProtocolEra() !== "modern" || client.autoOpenedSubscription !== undefined) return;
  for (let next = attempt; ; next++) {
    if (next > 0) {
      if (next > hooks.policy.maxAttempts) return;
      await hooks.sleep(backoffDelay(hooks.policy, next));
    }
    if (!hooks.isCurrent()) return;
    let subscription: McpSubscription;
    try {
      subscription = await client.listen({ toolsListChanged: true });
    } catch (error) {
      if (hooks.isCurrent()) hooks.failed(error);
      continue;
    }
    if (!hooks.isCurrent()) {
      void subscription.close().catch(() => {});
      return;
    }
    hooks.opened(subscription);
    void subscription.closed.then((cause) => {
      if (cause === "local" || !hooks.isCurrent()) return;
      hooks.dropped(subscription);
      void listenForToolChanges(client, hooks, 1);
    });
    return;
  }
}
