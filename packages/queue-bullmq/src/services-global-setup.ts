// Vitest globalSetup: the real Redis (and PostgreSQL, for BullMQ's PostgreSQL backend) of
// scripts/services.sh (SPEC §13), found or started once for the run. Without one the suite skips — or fails under TOOLWRIGHT_REQUIRE_SERVICES=1.
import { provideServices } from "@toolwright/test-services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Redis URL, or "" when the suite skips. */
    redisUrl: string;
    /** The PostgreSQL URL, or "" when the PostgreSQL-backend suite skips. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await provideServices(["redis", "postgres"]);
  for (const reason of Object.values(services.skipped)) console.warn(`queue-bullmq: ${reason}`);
  project.provide("redisUrl", services.urls.redis ?? "");
  project.provide("postgresUrl", services.urls.postgres ?? "");
  return services.teardown;
}
