import { describe, expect, it } from "vitest";
import { toRedisConnection } from "./to-redis-connection";

describe("toRedisConnection", () => {
  it.each([
    ["redis://127.0.0.1:40185", { host: "127.0.0.1", port: 40185 }],
    ["redis://cache.internal", { host: "cache.internal", port: 6379 }],
    ["redis://127.0.0.1:6380/2", { host: "127.0.0.1", port: 6380, db: 2 }],
  ])("should read %s", (url, connection) => {
    expect(toRedisConnection(url)).toEqual(connection);
  });

  it.each([
    ["not a url", /is not a URL: "not a url"/],
    ["http://127.0.0.1:6379", /must start with redis:\/\//],
  ])("should refuse %j with a message naming the variable", (url, message) => {
    expect(() => toRedisConnection(url)).toThrow(message);
  });
});
