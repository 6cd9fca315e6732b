/** A service `scripts/services.sh` can start. */
export type ServiceName = "postgres" | "redis";

/** The environment variable that carries each service's URL (also a line of `.ci/services.env`). */
export const SERVICE_URL_VARIABLES: Readonly<Record<ServiceName, string>> = {
  postgres: "TOOLWRIGHT_PG_URL",
  redis: "TOOLWRIGHT_REDIS_URL",
};

/** What the messages call each service. */
export const SERVICE_TITLES: Readonly<Record<ServiceName, string>> = {
  postgres: "PostgreSQL",
  redis: "Redis",
};
