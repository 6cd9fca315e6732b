import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideServices } from "./provide-services";

// A fake repository whose services.sh reports a missing binary (exit 3), as on a machine without
// PostgreSQL: what a suite does then must depend only on TOOLWRIGHT_REQUIRE_SERVICES.
let repoRoot: string;
beforeAll(async () => {
  repoRoot = await mkdtemp(join(tmpdir(), "toolwright-provide-"));
  await mkdir(join(repoRoot, "scripts"));
  await mkdir(join(repoRoot, ".ci"));
  await writeFile(
    join(repoRoot, "scripts", "services.sh"),
    'echo "services: missing: postgresql" >&2; exit 3\n',
  );
});
afterAll(async () => {
  await rm(repoRoot, { recursive: true, force: true });
});

describe("provideServices", () => {
  it("should skip a service that cannot be started, naming why", async () => {
    const services = await provideServices(["postgres"], { repoRoot, env: {} });
    expect(services.urls).toEqual({});
    expect(services.skipped.postgres).toMatch(
      /^PostgreSQL is not available \(not installed: services: missing: postgresql\)/,
    );
  });

  it("should fail instead under TOOLWRIGHT_REQUIRE_SERVICES=1", async () => {
    await expect(
      provideServices(["postgres"], { repoRoot, env: { TOOLWRIGHT_REQUIRE_SERVICES: "1" } }),
    ).rejects.toThrow(/PostgreSQL is not available .*TOOLWRIGHT_REQUIRE_SERVICES=1 requires it/);
  });

  it("should use a URL that answers, and not trust one that does not (a stale env file)", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const live = `postgres://postgres@127.0.0.1:${port}/toolwright`;
    const env = { TOOLWRIGHT_PG_URL: live, TOOLWRIGHT_SERVICES_AUTOSTART: "0" };
    expect((await provideServices(["postgres"], { repoRoot, env })).urls).toEqual({
      postgres: live,
    });
    server.close();
    await new Promise((resolve) => server.once("close", resolve));
    await writeFile(join(repoRoot, ".ci", "services.env"), `TOOLWRIGHT_PG_URL=${live}\n`);
    const stale = await provideServices(["postgres"], {
      repoRoot,
      env: { TOOLWRIGHT_SERVICES_AUTOSTART: "0" },
    });
    expect(stale.urls).toEqual({});
    expect(stale.skipped.postgres).toContain("no URL in the environment or .ci/services.env");
  });

  it("should start instances of its own with `private`, never using one that answers", async () => {
    // This fake services.sh "starts" a service by writing a URL to the private env file.
    const privateRoot = await mkdtemp(join(tmpdir(), "toolwright-provide-private-"));
    await mkdir(join(privateRoot, "scripts"));
    await writeFile(
      join(privateRoot, "scripts", "services.sh"),
      'if [ "$1" = start ]; then echo "TOOLWRIGHT_PG_URL=postgres://private:1/x" > "$TOOLWRIGHT_SERVICES_ENV"; fi\n',
    );
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const services = await provideServices(["postgres"], {
      repoRoot: privateRoot,
      env: {
        TOOLWRIGHT_PG_URL: `postgres://postgres@127.0.0.1:${port}/toolwright`,
        TOOLWRIGHT_SERVICES_AUTOSTART: "0",
      },
      private: true,
    });
    expect(services.urls).toEqual({ postgres: "postgres://private:1/x" });
    expect(services.envFile).toMatch(/services\.env$/);
    await services.teardown();
    server.close();
    await rm(privateRoot, { recursive: true, force: true });
  });
});
