// The console's only script (served from the package, no inline script anywhere): keeps the
// parts of a page marked `data-live` current, and shows times as ages ("3 min ago").
//
// Live: each region polls its own URL with the fingerprint of what it shows now, starting from the
// fingerprint the page was rendered with, so a change made between rendering and the first poll is
// not missed. The server answers 204 (unchanged) or the new fragment and its fingerprint. The
// fragment is merged by `data-key`: a child whose markup did not change is kept as it is, so text
// typed into a form (a deny message) and the focus survive an update.

const HIDDEN_INTERVAL_MS = 5000;

/** Replaces `current`'s children with `next`'s, keeping the unchanged ones (see the header). */
function merge(current, next) {
  const kept = new Map();
  for (const child of current.children) {
    const key = child.getAttribute("data-key");
    if (key !== null) kept.set(key, child);
  }
  const children = [];
  for (const child of [...next.children]) {
    const key = child.getAttribute("data-key");
    const old = key === null ? undefined : kept.get(key);
    if (old !== undefined && old.outerHTML === child.outerHTML) {
      children.push(old);
    } else if (
      old !== undefined &&
      old.tagName === child.tagName &&
      child.hasAttribute("data-merge") &&
      old.hasAttribute("data-merge")
    ) {
      merge(old, child);
      children.push(old);
    } else {
      children.push(document.adoptNode(child));
    }
  }
  current.replaceChildren(...children);
}

function showAges(root) {
  const now = Date.now();
  for (const element of root.querySelectorAll("time.age")) {
    const iso = element.getAttribute("datetime");
    const time = iso === null ? Number.NaN : Date.parse(iso);
    if (Number.isNaN(time)) continue;
    element.title = iso;
    element.textContent = describeAge(now - time);
  }
}

function describeAge(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 0) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

function say(region, text) {
  let note = region.querySelector(":scope > .live-note");
  if (note === null) {
    note = document.createElement("p");
    note.className = "live-note";
    region.prepend(note);
  }
  note.textContent = text;
}

function keepCurrent(region) {
  const url = region.getAttribute("data-live");
  const interval = Number(region.getAttribute("data-interval")) || 500;
  let fingerprint = region.getAttribute("data-fingerprint") ?? "";
  const poll = async () => {
    let stop = false;
    try {
      const response = await fetch(url, {
        headers: { "x-console-live": fingerprint },
        credentials: "same-origin",
        cache: "no-store",
      });
      if (response.status === 200) {
        const html = await response.text();
        const next = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
        fingerprint = response.headers.get("x-console-fingerprint") ?? "";
        region.setAttribute("data-fingerprint", fingerprint);
        merge(region, next);
        showAges(region);
      } else if (response.status === 401 || response.status === 403) {
        say(region, "Signed out: reload the page to sign in again. Live updates stopped.");
        stop = true;
      } else if (response.status === 404) {
        say(region, "The journal no longer has this. Live updates stopped.");
        stop = true;
      }
    } catch {
      // The console is unreachable for now: the next poll tries again.
    }
    if (!stop)
      setTimeout(poll, document.hidden ? Math.max(interval, HIDDEN_INTERVAL_MS) : interval);
  };
  setTimeout(poll, interval);
}

showAges(document);
setInterval(() => showAges(document), 5000);
for (const region of document.querySelectorAll("[data-live]")) keepCurrent(region);
