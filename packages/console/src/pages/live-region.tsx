import { raw } from "hono/html";

/** Where a live region polls, what it starts from, and how often. */
export interface LiveSettings {
  readonly url: string;
  readonly fingerprint: string;
  readonly intervalMs: number;
}

/**
 * A part of a page that the browser script keeps current: it asks `url` for a newer fragment
 * every `intervalMs`, starting from `fingerprint` — the fingerprint of `html`, the fragment this
 * page was rendered with — so that a change made between rendering and the first poll is seen.
 * `html` is already rendered (and escaped) markup.
 */
export function LiveRegion(props: {
  readonly live: {
    readonly url: string;
    readonly fingerprint: string;
    readonly intervalMs: number;
  };
  readonly html: string;
  readonly label: string;
}) {
  return (
    <section
      class="live"
      aria-label={props.label}
      aria-live="polite"
      data-live={props.live.url}
      data-fingerprint={props.live.fingerprint}
      data-interval={String(props.live.intervalMs)}
    >
      {raw(props.html)}
    </section>
  );
}
