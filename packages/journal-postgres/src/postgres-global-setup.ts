// Vitest globalSetup: the real PostgreSQL of scripts/services.sh (SPEC §13), found or started once
// for the run. Without one the suite skips — or fails under TOOLWRIGHT_REQUIRE_SERVICES=1.
import { provideServices } from "@toolwright/test-services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL URL, or "" when the suite skips. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await provideServices(["postgres"]);
  if (services.skipped.postgres !== undefined)
    console.warn(`journal-postgres: ${services.skipped.postgres}`);
  project.provide("postgresUrl", services.urls.postgres ?? "");
  return services.teardown;
}
