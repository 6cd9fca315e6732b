// Vitest globalSetup: the real PostgreSQL of scripts/services.sh (SPEC §13) and Debian's Chromium
// (scripts/chromium.sh, never installing from a test run), found once for the run. Without one,
// its tests skip — or fail under TOOLWRIGHT_REQUIRE_SERVICES=1, so CI never hides a skipped suite.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { provideServices, REQUIRE_SERVICES_VARIABLE } from "@toolwright/test-services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL URL, or "" when its tests skip. */
    postgresUrl: string;
    /** The Chromium executable, or "" when the browser tests skip. */
    chromiumPath: string;
  }
}

const chromiumScript = fileURLToPath(new URL("../../../../scripts/chromium.sh", import.meta.url));

function findChromium(): Promise<{ path: string } | { missing: string }> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      [chromiumScript],
      { env: { ...process.env, TOOLWRIGHT_SERVICES_INSTALL: "0" } },
      (error, stdout, stderr) => {
        const path = stdout.trim().split("\n").at(-1) ?? "";
        if (error === null && path !== "") resolve({ path });
        else resolve({ missing: stderr.trim() || String(error) });
      },
    );
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await provideServices(["postgres"]);
  if (services.skipped.postgres !== undefined)
    console.warn(`console: ${services.skipped.postgres}`);
  project.provide("postgresUrl", services.urls.postgres ?? "");
  const chromium = await findChromium();
  if ("missing" in chromium) {
    const message = `Chromium is not available (${chromium.missing}). Install it with: bash scripts/chromium.sh`;
    if (process.env[REQUIRE_SERVICES_VARIABLE] === "1") {
      await services.teardown();
      throw new Error(`${message} — ${REQUIRE_SERVICES_VARIABLE}=1 requires it`);
    }
    console.warn(`console: ${message}; the browser tests are skipped`);
  }
  project.provide("chromiumPath", "path" in chromium ? chromium.path : "");
  return services.teardown;
}
