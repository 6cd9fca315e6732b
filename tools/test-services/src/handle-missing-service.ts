import { SERVICE_TITLES, type ServiceName } from "./service-name";

/** The variable that turns a missing service from a skipped suite into a failed one. */
export const REQUIRE_SERVICES_VARIABLE = "TOOLWRIGHT_REQUIRE_SERVICES";

/**
 * What to do when a suite's service is not available: returns the reason to show for a skipped
 * suite, or throws when `TOOLWRIGHT_REQUIRE_SERVICES=1` is set — CI sets it, so a green run can
 * never hide a suite that did not run.
 */
export function handleMissingService(
  name: ServiceName,
  reason: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const message = `${SERVICE_TITLES[name]} is not available (${reason})`;
  if (env[REQUIRE_SERVICES_VARIABLE] === "1") {
    throw new Error(
      `${message}, and ${REQUIRE_SERVICES_VARIABLE}=1 requires it. Start it with: bash scripts/services.sh start`,
    );
  }
  return `${message}; its tests are skipped. Start it with: bash scripts/services.sh start`;
}
