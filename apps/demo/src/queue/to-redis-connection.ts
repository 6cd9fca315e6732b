/** ioredis connection options for a `redis://host:port[/db]` URL (what services.sh writes). */
export function toRedisConnection(url: string): { host: string; port: number; db?: number } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`TOOLWRIGHT_REDIS_URL is not a URL: "${url}"`);
  }
  if (parsed.protocol !== "redis:") {
    throw new Error(`TOOLWRIGHT_REDIS_URL must start with redis://, got "${url}"`);
  }
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : undefined;
  return {
    host: parsed.hostname,
    port: parsed.port === "" ? 6379 : Number(parsed.port),
    ...(db === undefined || !Number.isInteger(db) ? {} : { db }),
  };
}
