// Vitest globalSetup: the real Redis of scripts/services.sh (SPEC §13), found or started once for
// the run. Without one the suite skips — or fails under TOOLWRIGHT_REQUIRE_SERVICES=1.
import { provideServices } from "@toolwright/test-services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Redis URL, or "" when the suite skips. */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await provideServices(["redis"]);
  if (services.skipped.redis !== undefined) console.warn(`queue-bullmq: ${services.skipped.redis}`);
  project.provide("redisUrl", services.urls.redis ?? "");
  return services.teardown;
}
