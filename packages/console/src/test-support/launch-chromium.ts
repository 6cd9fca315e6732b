import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium under Playwright, headless. Playwright's own browser download is not
 * reachable here; the flags keep Chromium from reaching for the network at start (this machine's
 * closed network refuses those connections) and let it run as root.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}
