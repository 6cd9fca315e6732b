// Vitest globalSetup: private PostgreSQL and Redis instances for this run (scripts/services.sh with
// an env file of its own), so that restarting them breaks no other suite. Without the binaries the
// suite skips — or fails under TOOLWRIGHT_REQUIRE_SERVICES=1, which CI sets.
import { provideServices } from "@toolwright/test-services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The private PostgreSQL's URL, or "" when the suite skips. */
    postgresUrl: string;
    /** The private Redis's URL, or "" when the suite skips. */
    redisUrl: string;
    /** The env file of the private instances, for `scripts/services.sh restart`. */
    servicesEnvFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await provideServices(["postgres", "redis"], { private: true });
  for (const reason of Object.values(services.skipped)) console.warn(`fault-suite: ${reason}`);
  project.provide("postgresUrl", services.urls.postgres ?? "");
  project.provide("redisUrl", services.urls.redis ?? "");
  project.provide("servicesEnvFile", services.envFile ?? "");
  return services.teardown;
}
